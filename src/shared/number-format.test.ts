import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from './number-format';

const UNITS = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;

describe('formatBytes', () => {
  it('writes sizes people read, number and unit never split across lines', () => {
    expect(formatBytes(1000)).toBe('1000\u00a0B');
    expect(formatBytes(1536)).toBe('1.5\u00a0KB');
    expect(formatBytes(12 * 1024)).toBe('12\u00a0KB');
    expect(formatBytes(1024 ** 2 - 1)).toBe('1.0\u00a0MB');
    expect(formatBytes(3.4 * 1024 ** 3)).toBe('3.4\u00a0GB');
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });

  it('stays within a few percent of the size, with a number below 1024 and no ordinary space', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 49 }), (n) => {
        const text = formatBytes(n);
        expect(text).not.toMatch(/ /);
        const m = /^(\d+(?:\.\d)?)\u00a0(B|KB|MB|GB|TB)$/.exec(text);
        expect(m, text).not.toBeNull();
        const [value, unit] = [Number(m?.[1]), m?.[2] as keyof typeof UNITS];
        expect(value).toBeLessThan(1024);
        // One decimal below 10, none above: off by at most half a step of the last digit shown.
        const shown = value * UNITS[unit];
        expect(Math.abs(shown - n)).toBeLessThanOrEqual((value < 10 ? 0.05 : 0.5) * UNITS[unit] + 0.5);
      }),
    );
  });
});
