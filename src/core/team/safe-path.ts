import { isAbsolute, relative, resolve } from 'node:path';

/** `rel` inside `root`, or null when it is absolute or climbs out (paths from the ledger are not trusted). */
export function resolveInside(root: string, rel: string): string | null {
  if (isAbsolute(rel) || rel.includes('\0')) return null;
  const full = resolve(root, rel);
  const back = relative(root, full);
  if (back === '' || back.startsWith('..') || isAbsolute(back)) return null;
  return full;
}
