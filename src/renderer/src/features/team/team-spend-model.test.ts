import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPoints } from './team-spend-model';

describe('formatPoints', () => {
  it('writes points as English and Chinese do, whatever the browser’s locale', () => {
    expect(formatPoints(1234.56)).toBe('1,234.6');
    expect(formatPoints(2)).toBe('2');
    expect(formatPoints(0.04)).toBe('0');
    expect(formatPoints(-0.04)).toBe('0');
    expect(formatPoints(-12.25)).toBe('-12.3');
    expect(formatPoints(1_000_000)).toBe('1,000,000');
  });

  it('agrees with en-US number formatting to one decimal', () => {
    const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (tenths) => {
        const n = tenths / 10;
        expect(formatPoints(n)).toBe(en.format(n).replace(/^-0$/, '0'));
      }),
    );
  });
});
