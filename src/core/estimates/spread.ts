import type { Spread } from '../../shared/domain/estimate';

/** Linear-interpolated quantile of an ascending, non-empty list. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/**
 * Median and the range the middle 80 % of the values fall in (10th to 90th percentile), so one outlier (a
 * task that waited behind a rate limit) neither moves the figure nor stretches the range. Null when empty.
 */
export function spreadOf(values: readonly number[]): Spread | null {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((x, y) => x - y);
  return { median: quantile(sorted, 0.5), low: quantile(sorted, 0.1), high: quantile(sorted, 0.9) };
}

/** One known figure as a spread (the gateway's own numbers: no range). */
export const exactly = (v: number): Spread => ({ median: v, low: v, high: v });
