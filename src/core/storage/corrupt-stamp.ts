/** A file-name-safe UTC time for `<name>.corrupt-<time>` copies (no colons: Windows), unique per call. */
let last = '';
let n = 0;
export function corruptStamp(now = new Date()): string {
  const base = now.toISOString().replace(/[:.]/g, '-');
  n = base === last ? n + 1 : 0;
  last = base;
  return n ? `${base}-${n}` : base;
}
