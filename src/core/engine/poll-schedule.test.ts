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

describe('nextPollDelay with the estimator spread (issue 31)', () => {
  const plan = (elapsedMs: number, highMs: number | null, expectedMs = 8_000): number =>
    nextPollDelay({ ...base, expectedMs, highMs, elapsedMs }, DEFAULT_TUNING, () => 0);

  it('first poll at the median; missed there, a short second look halfway into the spread, then at its slow end', () => {
    // median 8 s, 90th percentile 12 s; margin max(150 ms, 3 %) = 240 ms
    expect(plan(0, 12_000)).toBe(8_240);
    const first = 8_240;
    expect(plan(first, 12_000)).toBe(10_240 - first); // halfway: 10 s (+ margin)
    const second = 10_240;
    expect(plan(second, 12_000)).toBe(12_240 - second); // the slow end
    // Past the slow end: the steady max(base, T/4) cadence, as without a spread.
    expect(plan(12_240, 12_000)).toBe(plan(12_240, null));
    expect(plan(12_240, null)).toBe(2_000);
  });

  it('a spread the width of a rounding error (or none, or nonsense) keeps the steady cadence past the median', () => {
    for (const high of [null, 8_000, 8_100, Number.NaN, 5_000]) expect(plan(8_240, high)).toBe(2_000);
  });

  it('a second look comes sooner than the steady cadence would for a wide spread of a long task', () => {
    // video: median 60 s, p90 75 s; the steady cadence would wait 15 s, the second look 7.5 s.
    const video = (elapsedMs: number, highMs: number | null): number =>
      nextPollDelay(
        { ...base, output: 'video', expectedMs: 60_000, highMs, elapsedMs },
        DEFAULT_TUNING,
        () => 0,
      );
    expect(video(61_800, null)).toBe(15_000);
    expect(video(61_800, 75_000)).toBe(67_500 + 1_800 - 61_800);
  });
});

describe('nextPollDelay past the median with the gateway\'s progress (issue 31)', () => {
  const video = (progress: number | null, random = (): number => 0): number =>
    nextPollDelay(
      { ...base, output: 'video', expectedMs: 20_000, highMs: null, elapsedMs: 20_600, progress },
      DEFAULT_TUNING,
      random,
    );

  it('a late video at 82 % is looked at again when the rest should be done, not a quarter of its length later', () => {
    // 20 s × 18 % = 3.6 s, plus the 600 ms margin; without progress the steady cadence waits 5 s.
    expect(video(null)).toBe(5_000);
    expect(video(82)).toBe(4_200);
  });

  it('never waits longer than the steady cadence, nor less than the margin; no usable figure changes nothing', () => {
    expect(video(10)).toBe(5_000); // 18 s left by progress: the cadence is sooner
    expect(video(99.9)).toBe(620); // 20 ms left, plus the margin
    for (const p of [0, 100, -5, 140, Number.NaN]) expect(video(p)).toBe(5_000);
  });

  it('jitter is only later, at most 5 % and at most 400 ms, also for a long task', () => {
    const long = (random: () => number): number =>
      nextPollDelay({ ...base, output: 'video', expectedMs: 300_000, elapsedMs: 0 }, DEFAULT_TUNING, random);
    expect(long(() => 1) - long(() => 0)).toBe(400);
    expect(video(82, () => 1) - video(82)).toBe(Math.round(4_200 * 0.05));
  });
});
