import { statSync } from 'node:fs';

/**
 * Wraps the reader of a small JSON store so it parses the file again only when the file changed: its
 * inode, size and modification time (an atomic save renames a new file in, so the inode changes). Core
 * reads profiles and keys for every request; the file is stat-ed, not read, parsed and validated each time.
 * A missing file is remembered as such (its default value) until it appears. The value is frozen: a caller
 * that wants a changed copy makes one.
 */
export function stampedRead<T>(path: string, read: () => T): () => T {
  let last: { stamp: string; value: T } | null = null;
  return () => {
    const stamp = stampOf(path);
    if (last !== null && stamp !== null && last.stamp === stamp) return last.value;
    const value = read();
    // The stamp after reading: a file moved aside while being read (corrupt) is read again next time.
    const after = stampOf(path);
    last = after !== null && after === stamp ? { stamp, value: Object.freeze(value) } : null;
    return last?.value ?? value;
  };
}

/** The file's identity and version; `missing` when there is none (remembered too: creating it changes it). */
function stampOf(path: string): string | null {
  try {
    const s = statSync(path, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.ino}:${s.size}:${s.mtimeNs}` : 'missing';
  } catch {
    return null; // unreadable folder and the like: read again each time
  }
}
