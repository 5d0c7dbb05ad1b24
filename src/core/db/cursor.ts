/**
 * Opaque gallery cursors: the (created_at, id) of the last row of a page, so the next page starts strictly
 * after it (keyset pagination: stable while tasks are added, and O(log n) at any depth, unlike OFFSET).
 */

/** Thrown for a cursor this module did not produce (tampered, truncated, or from an incompatible build). */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
  constructor() {
    super('invalid gallery cursor');
  }
}

/** Position after which the next page starts. */
export interface CursorPosition {
  createdAt: number;
  id: string;
}

const VERSION = 1;

/** Encodes a position as a URL-safe base64 string. */
export function encodeCursor(p: CursorPosition): string {
  return Buffer.from(JSON.stringify([VERSION, p.createdAt, p.id]), 'utf8').toString('base64url');
}

/** @throws InvalidCursorError */
export function decodeCursor(cursor: string): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw new InvalidCursorError();
  const [version, createdAt, id] = parsed as unknown[];
  if (
    version !== VERSION ||
    typeof createdAt !== 'number' ||
    !Number.isFinite(createdAt) ||
    typeof id !== 'string'
  ) {
    throw new InvalidCursorError();
  }
  return { createdAt, id };
}
