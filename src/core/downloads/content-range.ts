/** A parsed `Content-Range: bytes <first>-<last>/<total>` header. */
export interface ContentRange {
  /** First byte offset (inclusive). */
  first: number;
  /** Last byte offset (inclusive). */
  last: number;
  /** Complete size of the representation; null for `*`. */
  total: number | null;
}

/** Parses a satisfied byte range (`bytes 0-99/1000`, `bytes 0-99/*`); null for anything else. */
export function parseContentRange(value: string | null): ContentRange | null {
  if (value === null) return null;
  const m = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(value);
  if (!m) return null;
  const first = Number(m[1]);
  const last = Number(m[2]);
  const total = m[3] === '*' ? null : Number(m[3]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first) return null;
  if (total !== null && (!Number.isSafeInteger(total) || last >= total)) return null;
  return { first, last, total };
}

/** Parses the total of an unsatisfied range (`bytes *\/1000` from a 416); null when absent. */
export function parseUnsatisfiedRangeTotal(value: string | null): number | null {
  if (value === null) return null;
  const m = /^\s*bytes\s+\*\/(\d+)\s*$/i.exec(value);
  if (!m) return null;
  const total = Number(m[1]);
  return Number.isSafeInteger(total) ? total : null;
}

/** Parses a `Content-Length` header; null when absent or not a non-negative integer. */
export function parseContentLength(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
