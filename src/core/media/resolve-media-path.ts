import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

export type MediaRootName = 'library' | 'inputs' | 'thumbs';

/**
 * Maps a media request path (`library/<rel>`, `inputs/<rel>` or `thumbs/<rel>`, already URL-decoded once) to a file inside
 * that root, or null. Refuses `..`, absolute paths, backslashes, NUL, encoded separators that survive
 * decoding, and symlinks that lead outside the root (the real path is checked, not the spelled one).
 */
export function resolveMediaPath(roots: Record<MediaRootName, string>, requestPath: string): string | null {
  if (requestPath.includes('\0') || requestPath.includes('\\') || /%2e|%2f|%5c/i.test(requestPath)) return null;
  const [rootName, ...parts] = requestPath.replace(/^\/+/, '').split('/');
  if (rootName !== 'library' && rootName !== 'inputs' && rootName !== 'thumbs') return null;
  if (parts.length === 0 || parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  const rel = parts.join('/');
  if (isAbsolute(rel) || /^[a-zA-Z]:/.test(rel)) return null;
  let realRoot: string;
  let realFile: string;
  try {
    realRoot = realpathSync(roots[rootName]);
    realFile = realpathSync(join(realRoot, rel));
    if (!statSync(realFile).isFile()) return null;
  } catch {
    return null;
  }
  const inside = relative(realRoot, realFile);
  if (!inside || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) return null;
  return realFile;
}
