/**
 * Honest progress when the gateway reports none (anchors §0.2, after ComfyUI's API nodes): 0→90 % by the
 * typical (median) duration, 90→95 % until the slow (p90) duration, then hold at 95 % and say that it is
 * taking longer than usual. Never reaches 100 % before the gateway says so.
 */
export interface Typical {
  medianMs: number;
  p90Ms: number;
}

export interface ProgressView {
  percent: number;
  /** True when the number is our estimate, not the gateway's. */
  estimated: boolean;
  /** Past the slow duration: say "taking longer than usual". */
  overdue: boolean;
}

/** Defaults before this library has history of its own: videos take minutes, images seconds. */
export const DEFAULT_TYPICAL: Record<'image' | 'video', Typical> = {
  image: { medianMs: 25_000, p90Ms: 70_000 },
  video: { medianMs: 150_000, p90Ms: 360_000 },
};

export function estimateProgress(elapsedMs: number, typical: Typical, reported: number | null): ProgressView {
  const overdue = elapsedMs > typical.p90Ms;
  if (reported !== null) return { percent: Math.max(0, Math.min(100, reported)), estimated: false, overdue };
  const t = Math.max(0, elapsedMs);
  let percent: number;
  if (t <= typical.medianMs) percent = (90 * t) / typical.medianMs;
  else if (t <= typical.p90Ms) percent = 90 + (5 * (t - typical.medianMs)) / Math.max(1, typical.p90Ms - typical.medianMs);
  else percent = 95;
  return { percent, estimated: true, overdue };
}

/** Median and p90 of observed durations; null below `minSamples` (too few to say what is typical). */
export function typicalFrom(durationsMs: number[], minSamples = 5): Typical | null {
  if (durationsMs.length < minSamples) return null;
  const s = [...durationsMs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  const medianMs = Math.max(1000, at(0.5));
  return { medianMs, p90Ms: Math.max(medianMs * 1.2, at(0.9)) };
}

/** An expected duration as a typical one: the slow case is twice as long (at least half a minute more). */
export function typicalFromExpected(expectedMs: number): Typical {
  const medianMs = Math.max(1000, expectedMs);
  return { medianMs, p90Ms: Math.max(medianMs * 2, medianMs + 30_000) };
}
