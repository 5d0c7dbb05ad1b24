import { phaseDurations, type MediaKind } from './timeline';
import type { SimFamily, SimSpeed } from './types';

/**
 * What the simulator charges for a task of the task gateway family (the only family whose answers carry
 * `usage.totalPoints`): 2 points per image; 10 points per second of video, ×1.5 in `pro` mode.
 */
export function gatewayPoints(job: { media: MediaKind; n: number; duration: number; pro: boolean }): number {
  return job.media === 'image' ? job.n * 2 : Math.round(job.duration * 10 * (job.pro ? 1.5 : 1));
}

/** A task as the demo gateway's published figures see it (plain values, no import from the client). */
export interface FiguresQuery {
  family: string;
  model: string;
  /** What the operation produces; decides the simulated phase timings. */
  output: MediaKind;
  values: Readonly<Record<string, unknown>>;
}

/** The demo gateway's own figures for a task: its timing at this speed and, where it charges, its price. */
export interface Figures {
  durationMs: number;
  points: number | null;
}

const positive = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;

/** The figures the simulator itself works by, so the demo gateway can publish them before a submission. */
export function simFigures(speed: SimSpeed, q: FiguresQuery): Figures {
  const d = phaseDurations(speed, q.output);
  const family = q.family as SimFamily;
  const points =
    family === 'gateway'
      ? gatewayPoints({
          media: q.output,
          n: Math.round(positive(q.values.n, 1)),
          duration: positive(q.values.duration, 5),
          pro: q.values.mode === 'pro',
        })
      : null;
  return { durationMs: d.queuedMs + d.runningMs, points };
}
