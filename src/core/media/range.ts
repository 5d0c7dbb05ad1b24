import { mimeFromName } from '../inputs/mime';
/** A byte range to serve, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a single-range `Range` header against a file size: null when absent or not a bytes range we
 * support (serve the whole file), 'unsatisfiable' for a range outside the file (answer 416).
 */
export function parseRange(
  header: string | null | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The media type a served file is sent with, by its extension (one table for core: inputs/mime.ts). */
export const mediaTypeOf = (path: string): string => mimeFromName(path);
