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
