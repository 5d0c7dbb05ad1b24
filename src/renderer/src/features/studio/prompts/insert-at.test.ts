import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertAt } from './insert-at';

describe('insertAt', () => {
  it('puts the text at the caret with a space on each side where needed', () => {
    expect(insertAt('a red door', 'wooden', 2, 2)).toEqual({ value: 'a wooden red door', caret: 8 });
    expect(insertAt('a red door', 'blue', 2, 5)).toEqual({ value: 'a blue door', caret: 6 });
    expect(insertAt('a red door', 'at dusk', 10, 10)).toEqual({ value: 'a red door at dusk', caret: 18 });
    expect(insertAt('', 'x', 0, 0)).toEqual({ value: 'x', caret: 1 });
    expect(insertAt('ab', 'X', 1, 1)).toEqual({ value: 'a X b', caret: 3 });
  });

  it('never loses what was outside the selection, and the caret ends right after the text (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.nat(), fc.nat(), (prompt, text, a, b) => {
        const { value, caret } = insertAt(prompt, text, a, b);
        const from = Math.min(a, b, prompt.length);
        const to = Math.max(from, Math.min(Math.max(a, b), prompt.length));
        expect(value.startsWith(prompt.slice(0, from))).toBe(true);
        expect(value.endsWith(prompt.slice(to))).toBe(true);
        expect(value.slice(caret - text.length, caret)).toBe(text);
        expect(value.length).toBeLessThanOrEqual(prompt.length - (to - from) + text.length + 2);
      }),
    );
  });
});
