import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawable } from './font';
import { captionText } from './scene';

/** The demo gateway's captions: only what its pixel font draws, so no row of empty boxes under a picture. */
describe('captionText', () => {
  it('leaves out what the font cannot draw (a prompt in Chinese), keeping the rest', () => {
    expect(captionText('黄昏的港口，小船摇晃', 'ATELIER SIM - 1 - 1/1')).toBe('ATELIER SIM - 1 - 1/1');
    expect(captionText('灯塔 lighthouse at dusk', 'X')).toBe('lighthouse at dusk  -  X');
    expect(captionText('  ', 'X')).toBe('(no prompt)  -  X');
    expect(captionText('a'.repeat(80), 'X')).toBe(`${'a'.repeat(57)}...  -  X`);
  });

  it('never holds a character the font draws as an empty box, whatever the prompt', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (prompt) => {
        expect([...captionText(prompt, 'ATELIER SIM - 7 - 1/1')].every(drawable)).toBe(true);
      }),
    );
  });
});
