import { describe, expect, it } from 'vitest';
import type { TraceEvent } from './bench-browser';
import { describeLongFrames, longFrames } from './long-frames';

const MAIN = { pid: 1, tid: 7 };
const ev = (name: string, atMs: number, ms: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ts: atMs * 1000,
  dur: ms * 1000,
  ...MAIN,
  ...extra,
});

describe('longFrames', () => {
  // Frames at 0, 16, 70 (a 54 ms frame) and 86 ms; in the long one a scroll handler and a seeked handler.
  const trace: TraceEvent[] = [
    ev('FireAnimationFrame', 0, 1),
    ev('FireAnimationFrame', 16, 1),
    ev('RunTask', 20, 30),
    ev('EventDispatch', 21, 25, { args: { data: { type: 'scroll' } } }),
    ev('FunctionCall', 22, 20, { args: { data: { functionName: 'onScroll' } } }),
    ev('RunTask', 52, 12),
    ev('EventDispatch', 52, 11, { args: { data: { type: 'seeked' } } }),
    ev('RunTask', 66, 1), // under the task threshold
    ev('FireAnimationFrame', 70, 1),
    ev('FireAnimationFrame', 86, 1),
    // Another thread's long task, and a frame marker of another process: neither counts.
    ev('RunTask', 30, 40, { tid: 9 }),
    ev('FireAnimationFrame', 40, 1, { pid: 2 }),
  ];

  it('finds the frames over the budget on the main thread only, with their tasks and inner events', () => {
    const frames = longFrames(trace, MAIN);
    expect(frames).toHaveLength(1);
    const [f] = frames;
    expect(f!.ms).toBe(54);
    expect(f!.atMs).toBe(16);
    expect(f!.tasks.map((t) => [t.atMs, t.ms])).toEqual([
      [4, 30],
      [36, 12],
    ]);
    expect(f!.tasks[0]!.inner).toEqual(['EventDispatch[scroll] 25.0', 'FunctionCall{onScroll} 20.0']);
    expect(f!.tasks[1]!.inner).toEqual(['EventDispatch[seeked] 11.0']);
    expect(describeLongFrames(frames)).toContain('frame at 16 ms: 54.0 ms');
  });

  it('finds none when every frame is within the budget, or with fewer than two frames', () => {
    expect(longFrames(trace, MAIN, { budgetMs: 60 })).toEqual([]);
    expect(longFrames([ev('FireAnimationFrame', 0, 1)], MAIN)).toEqual([]);
    expect(longFrames([], MAIN)).toEqual([]);
  });
});
