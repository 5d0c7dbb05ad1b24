import type { SimSpeed } from './types';

export type MediaKind = 'image' | 'video';
export type Phase = 'unknown' | 'queued' | 'running' | 'done';

/** Durations (ms) of one task's phases, fixed at submit so every poll sees a consistent history. */
export interface Timeline {
  createdAt: number;
  unknownMs: number;
  queuedMs: number;
  runningMs: number;
}

const REAL: Record<MediaKind, { queuedMs: number; runningMs: number }> = {
  image: { queuedMs: 2000, runningMs: 6000 },
  video: { queuedMs: 4000, runningMs: 16000 },
};
const INSTANT: Record<MediaKind, { queuedMs: number; runningMs: number }> = {
  image: { queuedMs: 60, runningMs: 120 },
  video: { queuedMs: 80, runningMs: 180 },
};
const FAST: Record<MediaKind, { queuedMs: number; runningMs: number }> = {
  image: { queuedMs: 100, runningMs: 300 },
  video: { queuedMs: 150, runningMs: 550 },
};

export function phaseDurations(speed: SimSpeed, kind: MediaKind): { queuedMs: number; runningMs: number } {
  if (speed === 'instant') return INSTANT[kind];
  if (speed === 'fast') return FAST[kind];
  const factor = speed === 'real' ? 1 : Math.max(0, speed);
  return { queuedMs: REAL[kind].queuedMs * factor, runningMs: REAL[kind].runningMs * factor };
}

export function makeTimeline(speed: SimSpeed, kind: MediaKind, now: number, unknownFirst: boolean): Timeline {
  const d = phaseDurations(speed, kind);
  return { createdAt: now, unknownMs: unknownFirst ? d.queuedMs : 0, ...d };
}

export function startedAt(t: Timeline): number {
  return t.createdAt + t.unknownMs + t.queuedMs;
}

export function finishedAt(t: Timeline): number {
  return startedAt(t) + t.runningMs;
}

export interface PhaseState {
  phase: Phase;
  /** 0..1 inside the current phase */
  fraction: number;
}

export function phaseAt(t: Timeline, now: number): PhaseState {
  let rel = now - t.createdAt;
  if (rel < t.unknownMs) return { phase: 'unknown', fraction: rel / t.unknownMs };
  rel -= t.unknownMs;
  if (rel < t.queuedMs) return { phase: 'queued', fraction: rel / t.queuedMs };
  rel -= t.queuedMs;
  if (rel < t.runningMs) return { phase: 'running', fraction: rel / t.runningMs };
  return { phase: 'done', fraction: 1 };
}

/** Overall progress 0..100 used by families that report an integer or percentage. */
export function progressPercent(state: PhaseState): number {
  if (state.phase === 'done') return 100;
  if (state.phase === 'running') return Math.min(99, 10 + Math.floor(state.fraction * 89));
  return 0;
}

/** Converts ms epoch to the unit a task reports (seconds unless the msTimestamps fault or the family says ms). */
export function toUnit(ms: number, inMs: boolean): number {
  return inMs ? Math.floor(ms) : Math.floor(ms / 1000);
}
