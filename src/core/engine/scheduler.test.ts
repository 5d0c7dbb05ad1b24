import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, Scheduler } from './scheduler';

/**
 * The engine's one timer (issue 31's detection delay): every time asked for gets a pass at that time, even
 * when it was asked while a sooner pass was pending. Before, such a later time was dropped and the poll
 * waited for the idle pass (up to `idleTickMs`, 1 s by default, later than planned).
 */
const IDLE = 1_000;
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function scheduler(): { passes: number[]; s: Scheduler } {
  const passes: number[] = [];
  const s = new Scheduler({
    now: () => Date.now(),
    pass: () => {
      passes.push(Date.now());
      return Date.now() + IDLE;
    },
  });
  return { passes, s };
}

describe('Scheduler', () => {
  it('a later time asked while a sooner pass is pending still gets its own pass, on time', () => {
    const { passes, s } = scheduler();
    s.start(); // a pass at 0, then the idle pass at 1000
    vi.advanceTimersByTime(0);
    s.wakeAt(100);
    s.wakeAt(300); // asked while the pass at 100 is pending
    vi.advanceTimersByTime(400);
    expect(passes).toEqual([0, 100, 300]);
    // The idle pass the first one planned is kept too.
    vi.advanceTimersByTime(700);
    expect(passes).toEqual([0, 100, 300, 1_000]);
    expect(s.pendingTimes).toBe(0);
  });

  it('a time that comes due while a slow pass runs still gets a pass of its own', () => {
    const passes: number[] = [];
    const s = new Scheduler({
      now: () => Date.now(),
      pass: () => {
        passes.push(Date.now());
        vi.setSystemTime(Date.now() + 50); // the pass takes 50 ms
        return Date.now() + IDLE;
      },
    });
    s.start();
    vi.advanceTimersByTime(0);
    s.wakeAt(200);
    s.wakeAt(220); // due while the pass at 200 runs (200–250): that pass did not see it due
    vi.advanceTimersByTime(400);
    // Before, 220 was taken as served by the pass at 200 (it read the clock after the pass) and waited for the
    // idle pass at 1,250.
    expect(passes.filter((p) => p >= 220 && p < 1_000)).not.toEqual([]);
    s.stop();
  });

  it('a thousand polls planned within a second share a few dozen passes', () => {
    const { passes, s } = scheduler();
    s.start();
    vi.advanceTimersByTime(0);
    for (let i = 0; i < 1_000; i++) s.wakeAt(8_000 + i);
    vi.advanceTimersByTime(9_000);
    const forPolls = passes.filter((p) => p >= 8_000);
    expect(forPolls.length).toBeLessThanOrEqual(Math.ceil(1_000 / COALESCE_MS) + 3);
    expect(forPolls.at(-1)).toBeGreaterThanOrEqual(8_999);
    expect(s.pendingTimes).toBe(0);
  });

  it('property: whatever the order times are asked in, each gets a pass at it or at most COALESCE_MS after; nothing is kept after', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 60 }), (times) => {
        vi.setSystemTime(0);
        const { passes, s } = scheduler();
        s.start();
        vi.advanceTimersByTime(0);
        for (const t of times) s.wakeAt(t);
        vi.advanceTimersByTime(5_000 + COALESCE_MS);
        for (const t of times) expect(passes.some((p) => p >= t && p <= t + COALESCE_MS)).toBe(true);
        expect(passes.every((p, i) => i === 0 || p >= (passes[i - 1] ?? 0))).toBe(true);
        // No time is remembered once served.
        expect(s.pendingTimes).toBe(0);
        s.stop();
        vi.clearAllTimers();
      }),
      { numRuns: 100 },
    );
  });
});
