import type { TraceEvent } from './bench-browser';

/** One frame longer than the budget, and what the renderer's main thread ran in it. */
export interface LongFrame {
  /** From the frame's animation-frame callback to the next one's, ms. */
  ms: number;
  /** Offset of the frame's start from the first frame of the trace, ms. */
  atMs: number;
  /** The main thread's top-level tasks in the frame (at least `minTaskMs`), each with its largest inner events. */
  tasks: { atMs: number; ms: number; inner: string[] }[];
}

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** An event's name with what it ran: `EventDispatch[scroll]`, `FunctionCall{onSeeked}`. */
function label(e: TraceEvent): string {
  const d = e.args?.data;
  return `${e.name}${d?.type ? `[${d.type}]` : ''}${d?.functionName ? `{${d.functionName}}` : ''}`;
}

/**
 * The frames over `budgetMs` in a trace of the renderer's main thread (`pid/tid`), told apart by its
 * `FireAnimationFrame` events (the fling bench's requestAnimationFrame callback runs once a frame), each
 * with the top-level tasks that ran in it, longest inner events first.
 */
export function longFrames(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  { budgetMs = 34, minTaskMs = 4, innerMs = 2, innerCount = 5 } = {},
): LongFrame[] {
  const mine = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const frames = mine.filter((e) => e.name === 'FireAnimationFrame');
  const first = frames[0]?.ts ?? 0;
  const out: LongFrame[] = [];
  for (let i = 1; i < frames.length; i++) {
    const [from, to] = [frames[i - 1]!.ts, frames[i]!.ts];
    const ms = (to - from) / 1000;
    if (ms <= budgetMs) continue;
    const tasks = mine
      .filter((t) => TOP_LEVEL.has(t.name) && t.ts >= from && t.ts < to && t.dur! >= minTaskMs * 1000)
      .map((t) => ({
        atMs: (t.ts - from) / 1000,
        ms: t.dur! / 1000,
        inner: mine
          .filter((e) => !TOP_LEVEL.has(e.name) && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e.dur! >= innerMs * 1000)
          .sort((a, b) => b.dur! - a.dur!)
          .slice(0, innerCount)
          .map((e) => `${label(e)} ${(e.dur! / 1000).toFixed(1)}`),
      }));
    out.push({ ms, atMs: (from - first) / 1000, tasks });
  }
  return out;
}

/** Lines for the console: each long frame, then its tasks. */
export function describeLongFrames(frames: readonly LongFrame[]): string {
  return frames
    .map(
      (f) =>
        `  frame at ${f.atMs.toFixed(0)} ms: ${f.ms.toFixed(1)} ms\n` +
        f.tasks.map((t) => `    +${t.atMs.toFixed(0)} ms, ${t.ms.toFixed(1)} ms: ${t.inner.join(' | ') || '(nothing inside over the threshold)'}`).join('\n'),
    )
    .join('\n');
}
