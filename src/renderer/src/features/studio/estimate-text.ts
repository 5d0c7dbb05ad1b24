import type { Estimate } from '../../../../shared/domain/estimate';

/** The figures for what Generate would send: every model's estimate, each submitted `count` times. */
export interface CombinedEstimate {
  /** Total expected points (null when any model has no price). */
  points: number | null;
  /** Expected time until the whole batch is done (members run side by side: the slowest median). */
  durationMs: number | null;
  /** Fewest finished tasks any model's figures are drawn from. */
  samples: number;
  source: Estimate['source'];
}

const RANK: Record<Estimate['source'], number> = { history: 3, gateway: 2, typical: 1, none: 0 };

export function combineEstimates(estimates: readonly Estimate[], count: number): CombinedEstimate | null {
  if (estimates.length === 0) return null;
  const priced = estimates.every((e) => e.points !== null);
  const points = priced ? estimates.reduce((sum, e) => sum + (e.points?.median ?? 0) * count, 0) : null;
  const durations = estimates.map((e) => e.durationMs?.median).filter((v): v is number => v !== undefined);
  const durationMs = durations.length === estimates.length ? Math.max(...durations) : null;
  // The weakest source among the models is the honest label for the total.
  const source = estimates.reduce<Estimate['source']>((s, e) => (RANK[e.source] < RANK[s] ? e.source : s), 'history');
  return { points, durationMs, samples: Math.min(...estimates.map((e) => e.samples)), source };
}

/** "~40 s", "~1 min", "~12 min", "~1.5 h". */
export function roughDuration(ms: number): string {
  const { n, unit } = roughDurationParts(ms);
  return `${n} ${unit}`;
}

/** {@link roughDuration} as a number and a unit, so the UI can word the unit in the user's language. */
export function roughDurationParts(ms: number): { n: string; unit: 's' | 'min' | 'h' } {
  const s = ms / 1000;
  if (s < 60) return { n: String(Math.max(1, Math.round(s))), unit: 's' };
  const m = s / 60;
  if (m < 60) return { n: String(Math.round(m)), unit: 'min' };
  return { n: (m / 60).toFixed(1).replace(/\.0$/, ''), unit: 'h' };
}

/** Rounds points for display: whole numbers, one decimal below 10. */
export const roundPoints = (p: number): string => (p < 10 && !Number.isInteger(p) ? p.toFixed(1) : String(Math.round(p)));

/** A rough duration in the user's language (`t` of the studio's locale: `studio.estimate.unit.*`). */
export function roughDurationText(t: (key: string, options: { n: string }) => string, ms: number): string {
  const { n, unit } = roughDurationParts(ms);
  return t(`studio.estimate.unit.${unit}`, { n });
}
