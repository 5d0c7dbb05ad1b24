import { describe, expect, it } from 'vitest';
import { nextPollDelay } from './poll-schedule';
import { DEFAULT_TUNING } from './tuning';

const mid = (): number => 0.5;
const base = { output: 'image' as const, pollCount: 0, serverHintMs: null, callbackExpected: false };

describe('nextPollDelay with a known duration (issue 16)', () => {
  it('plans the first poll just after the expected finish, not at the backoff base', () => {
    const d = nextPollDelay({ ...base, expectedMs: 8_000, elapsedMs: 0 }, DEFAULT_TUNING, () => 0);
    expect(d).toBeGreaterThan(8_000);
    expect(d).toBeLessThanOrEqual(8_000 + 300);
    // Part of the time has passed (a restart, a failed poll): only the rest is waited.
    expect(
      nextPollDelay({ ...base, expectedMs: 8_000, elapsedMs: 6_000 }, DEFAULT_TUNING, () => 0),
    ).toBeLessThan(2_500);
  });

  it('densifies past the expected finish: every max(base, expected / 4), capped like the backoff', () => {
    expect(nextPollDelay({ ...base, expectedMs: 8_000, elapsedMs: 9_000 }, DEFAULT_TUNING, () => 0)).toBe(
      2_000,
    );
    expect(
      nextPollDelay(
        { ...base, output: 'video', expectedMs: 40_000, elapsedMs: 41_000 },
        DEFAULT_TUNING,
        () => 0,
      ),
    ).toBe(10_000);
    expect(
      nextPollDelay(
        { ...base, output: 'video', expectedMs: 600_000, elapsedMs: 601_000 },
        DEFAULT_TUNING,
        () => 0,
      ),
    ).toBe(DEFAULT_TUNING.pollMaxVideoMs);
  });

  it('keeps the callback slowdown and the server hint as a floor', () => {
    const plain = nextPollDelay({ ...base, expectedMs: 8_000, elapsedMs: 9_000 }, DEFAULT_TUNING, mid);
    const slowed = nextPollDelay(
      { ...base, expectedMs: 8_000, elapsedMs: 9_000, callbackExpected: true },
      DEFAULT_TUNING,
      mid,
    );
    expect(slowed).toBe(Math.round(plain * DEFAULT_TUNING.callbackSlowdown));
    expect(
      nextPollDelay({ ...base, expectedMs: 8_000, elapsedMs: 0, serverHintMs: 30_000 }, DEFAULT_TUNING, mid),
    ).toBe(30_000);
  });

  it('falls back to the backoff when the duration is unknown or nonsense', () => {
    for (const expectedMs of [null, undefined, 0, -5, Number.NaN]) {
      expect(nextPollDelay({ ...base, expectedMs, elapsedMs: 0 }, DEFAULT_TUNING, mid)).toBe(
        DEFAULT_TUNING.pollBaseMs,
      );
      expect(nextPollDelay({ ...base, pollCount: 3, expectedMs }, DEFAULT_TUNING, mid)).toBe(
        Math.round(DEFAULT_TUNING.pollBaseMs * 1.5 ** 3),
      );
    }
  });
});
