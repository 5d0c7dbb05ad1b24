import type { QueueTask } from '../../../../../shared/domain/queue';

/** The translate function this needs (react-i18next's `t`, or a test double). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });

/** "3rd" / "第 3 位": the place in line, in the user's language. */
export function ordinal(n: number, t: Translate): string {
  const form = ordinalRules.select(n);
  const key = form === 'one' || form === 'two' || form === 'few' ? form : 'other';
  return t(`queue.ordinal.${key}`, { n });
}

/** "~40 s", "~2 min", "~1 h": a rough duration, never more precise than an estimate can be. */
export function roughDuration(ms: number, t: Translate): string {
  if (ms < 45_000) return t('queue.eta.seconds', { count: Math.max(5, Math.round(ms / 5_000) * 5) });
  if (ms < 60_000) return t('queue.eta.lessMinute');
  if (ms < 90 * 60_000) return t('queue.eta.minutes', { count: Math.round(ms / 60_000) });
  return t('queue.eta.hours', { count: Math.round(ms / 3_600_000) });
}

/**
 * A waiting task's line on its tile and in the queue view: why it waits, its place in line, and when it is
 * expected to start ("Waiting for a slot · 3rd in line · starts in ~2 min"), or when the gateway may be asked
 * again after a "not now".
 */
export function waitText(place: Pick<QueueTask, 'position' | 'etaMs' | 'reason' | 'retryAt'>, now: number, t: Translate): string {
  const parts = [t(`queue.reason.${place.reason ?? 'slot'}`)];
  if (place.position !== null) parts.push(t('queue.inLine', { place: ordinal(place.position, t) }));
  if (place.reason === 'paused') return parts.join(' · ');
  if (place.retryAt !== null && place.retryAt > now) parts.push(t('queue.retryIn', { seconds: Math.ceil((place.retryAt - now) / 1000) }));
  else if (place.etaMs !== null) parts.push(place.etaMs < 2_000 ? t('queue.startsNow') : t('queue.startsIn', { eta: roughDuration(place.etaMs, t) }));
  return parts.join(' · ');
}
