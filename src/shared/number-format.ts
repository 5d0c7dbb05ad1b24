/**
 * A size as people read it: "830 B", "12 KB", "3.4 MB", "1.2 GB" (1024-based, one decimal below 10). The
 * number and its unit are joined by a no-break space, so a narrow column never puts "B" alone on a line.
 * Null or not finite: an em dash.
 */
export function formatBytes(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return '—';
  const bytes = Math.max(0, Math.round(n));
  if (bytes < 1024) return `${bytes}\u00a0B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  // Rounded before the unit is chosen: 1,048,575 bytes is "1.0 MB", not "1024 KB".
  while (Number(v.toFixed(v < 10 ? 1 : 0)) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)}\u00a0${units[i]}`;
}

/**
 * A count with its thousands grouped ("10,000"), as English and Chinese both write it. Not
 * `toLocaleString()`: its first call in a renderer loads ICU's number data (50–65 ms of a cold first paint,
 * the status chips' counts being the first; issue 31), and it follows the browser's locale, not the app's.
 */
export const formatCount = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
