/** Small, locale-aware formatters for the gallery. */

export { formatBytes, formatCount } from '../../../../../shared/number-format';

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  return `${h}h ${String(m % 60).padStart(2, '0')}m`;
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/** "3 min ago", "yesterday", or a date for anything older than a week. */
export function formatWhen(at: number, now: number, locale: string): string {
  let rtf = relative.get(locale);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    relative.set(locale, rtf);
  }
  const diff = (at - now) / 1000;
  const abs = Math.abs(diff);
  if (abs < 45) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(diff / 3600), 'hour');
  if (abs < 7 * 86_400) return rtf.format(Math.round(diff / 86_400), 'day');
  return new Date(at).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

export const formatDateTime = (at: number | null, locale: string): string =>
  at === null ? '—' : new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });

/** `yyyy-mm-dd` of a local date, for `<input type=date>`. */
export function toDateInput(ms: number | undefined): string {
  if (ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Local midnight of a `yyyy-mm-dd` value (plus `days`), or undefined when empty. */
export function fromDateInput(value: string, days = 0): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).getTime();
}
