import type { Family } from '../../shared/operations/ids';

/**
 * Durations (submission → done) typical for each kind of model when neither the profile's history nor the
 * gateway says anything: the wide ranges real video and image models take on a shared gateway.
 */
const TYPICAL: Record<'image' | 'video', { median: number; low: number; high: number }> = {
  image: { median: 30_000, low: 10_000, high: 90_000 },
  video: { median: 180_000, low: 60_000, high: 600_000 },
};

/** Families whose models are known to run longer than the kind's typical figure (avatar, extend: minutes). */
const SLOWER: Partial<Record<Family, number>> = { vendor: 1.5 };

export function typicalDuration(
  family: Family,
  output: 'image' | 'video',
): { median: number; low: number; high: number } {
  const t = TYPICAL[output];
  const f = SLOWER[family] ?? 1;
  return { median: t.median * f, low: t.low * f, high: t.high * f };
}
