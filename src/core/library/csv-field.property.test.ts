import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from './export-zip';

/** The cell a spreadsheet sees: the field unquoted (RFC 4180). */
const cell = (field: string): string =>
  field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;

const FORMULA = /^[\s\u00a0\u2000-\u200b\u2028\u2029\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u;
const pieces = fc.constantFrom('=', '+', '-', '@', '＝', '＋', '－', '＠', ' ', '\n', '\r', '\t', '\u3000', '\u00a0', 'a', '1', '"', ',', 'SUM(A1)');

describe('csvField (issue 26 item 13)', () => {
  it('no cell starts a formula, even after whitespace or line breaks, or with fullwidth signs', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }).map((p) => p.join('')), (s) => {
        const seen = cell(csvField(s));
        expect(FORMULA.test(seen)).toBe(false);
        expect(/^[\t\r\n]/.test(seen)).toBe(false);
        // Nothing is lost: the cell is the value, or the value behind one quote mark.
        expect([s, `'${s}`]).toContain(seen);
      }),
      { numRuns: 2000 },
    );
  });

  it('a field stays one CSV cell: quoted when it holds a comma, quote or line break', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const field = csvField(s);
        if (/[",\r\n]/.test(field.slice(1, -1)) || /[",\r\n]/.test(s)) expect(field.startsWith('"') && field.endsWith('"')).toBe(true);
      }),
    );
  });
});
