import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('groups thousands with commas, as en-US does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-1000)).toBe('-1,000');
  });

  it('writes every integer as en-US does, whatever the browser locale', () => {
    const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (n) => {
        expect(formatCount(n)).toBe(en.format(n));
      }),
    );
  });
});
