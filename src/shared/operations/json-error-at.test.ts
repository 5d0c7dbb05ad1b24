import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorAt } from './json-error-at';
import { parseExtra } from './validate';

describe('jsonErrorAt', () => {
  it('is null for valid JSON', () => {
    for (const text of ['{}', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '[]', '"s"', '0']) expect(jsonErrorAt(text), text).toBeNull();
  });

  it('points at the first wrong character, 1-based, across lines', () => {
    expect(jsonErrorAt('{bad json')).toEqual({ line: 1, column: 2 });
    expect(jsonErrorAt('{\n  "a": 1,\n  "b" 2\n}')).toEqual({ line: 3, column: 7 });
    expect(jsonErrorAt('{"a": 1,}')).toEqual({ line: 1, column: 9 });
    expect(jsonErrorAt('{"a": tru}')).toEqual({ line: 1, column: 10 });
    expect(jsonErrorAt('{"a": 01}')).toEqual({ line: 1, column: 8 });
    expect(jsonErrorAt('{"a": "\\x"}')).toEqual({ line: 1, column: 9 });
    expect(jsonErrorAt('{} x')).toEqual({ line: 1, column: 4 });
  });

  it('an early end points just past the text', () => {
    expect(jsonErrorAt('{"a": 1')).toEqual({ line: 1, column: 8 });
    expect(jsonErrorAt('{\r\n"a":')).toEqual({ line: 2, column: 5 });
    expect(jsonErrorAt('')).toEqual({ line: 1, column: 1 });
  });

  it('agrees with JSON.parse on what is valid', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string(), fc.json().map((j) => j.slice(0, -1))), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(jsonErrorAt(text) === null).toBe(valid);
      }),
      { numRuns: 300 },
    );
  });

  it('parseExtra gives the place with a syntax error, and a reason when it is not an object', () => {
    const broken = parseExtra('{bad json');
    expect(broken.ok ? null : broken.issue).toMatchObject({ code: 'badJson', params: { reason: 'syntax', line: 1, column: 2 } });
    const list = parseExtra('[1]');
    expect(list.ok ? null : list.issue).toEqual({ code: 'badJson', params: { reason: 'notObject', detail: 'expected an object { … }' } });
  });
});
