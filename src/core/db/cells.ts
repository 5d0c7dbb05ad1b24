/**
 * Reading SQLite cells defensively: libsql answers numbers, bigints, strings or null, and a crash, a hand
 * edit or a newer build may leave a value of another type. One copy for every row reader in core.
 */

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A finite number (a bigint converted), else null. */
export function numOrNull(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'bigint') return Number(v);
  return null;
}

export const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
