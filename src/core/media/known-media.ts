import { resolveMediaPath, type MediaRootName } from './resolve-media-path';

/** What decides whether a file in a media root is Atelier's own. */
export interface MediaOwners {
  /** The input store holds this staged input id. */
  hasInput(id: string): boolean;
  /** Some task records this library file (`file`) or thumbnail (`thumbnail`). */
  recordsFile(field: 'file' | 'thumbnail', rel: string): boolean;
}

/** Positive answers remembered (the gallery asks for the same thumbnails again and again). */
const CACHE_LIMIT = 5000;

/**
 * Resolves a media request path (`library/<rel>`, `inputs/<id>`, `thumbs/<rel>`, URL-decoded once) to a
 * file only when Atelier wrote or staged it: a staged input the input store holds, or a result file or
 * thumbnail a task records. Any other file in those folders, whatever the library folder is, is never
 * served. The path is then confined to its root (no `..`, no symlink out) by `resolveMediaPath`.
 */
export function createOwnMediaResolver(
  roots: () => Record<MediaRootName, string>,
  owners: MediaOwners,
): (requestPath: string) => string | null {
  const known = new Set<string>();
  const isKnown = (root: MediaRootName, rel: string): boolean => {
    const key = `${root}/${rel}`;
    if (known.has(key)) return true;
    const ok =
      root === 'inputs'
        ? owners.hasInput(rel)
        : owners.recordsFile(root === 'library' ? 'file' : 'thumbnail', rel);
    if (ok) {
      if (known.size >= CACHE_LIMIT) known.clear();
      known.add(key);
    }
    return ok;
  };
  return (requestPath) => {
    const clean = requestPath.replace(/^\/+/, '');
    const slash = clean.indexOf('/');
    if (slash < 0) return null;
    const root = clean.slice(0, slash);
    const rel = clean.slice(slash + 1);
    if (root !== 'library' && root !== 'inputs' && root !== 'thumbs') return null;
    const file = resolveMediaPath(roots(), clean);
    if (!file) return null;
    return isKnown(root, rel) ? file : null;
  };
}
