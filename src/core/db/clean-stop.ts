import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The clean-stop marker: `<db>.clean`, written after a clean close (WAL checkpointed and truncated, the
 * connection closed) with the identity of the file as it was left: inode, size and modification time.
 *
 * Opening consumes it (it is removed before the connection opens, so a crash in this run leaves none). When
 * it is present, matches the file exactly and no write-ahead log is waiting, the file is byte for byte what
 * SQLite wrote and closed, so the full `PRAGMA quick_check` (seconds at 100,000 tasks) is skipped. Anything
 * else — a crash, a kill, a copy or restore (new inode), a file written by another tool (size or mtime
 * changed), a leftover journal — means the full check runs, as before.
 */
const markerSchema = z.object({
  v: z.literal(1),
  ino: z.number(),
  size: z.number(),
  mtimeMs: z.number(),
});

const markerFile = (file: string): string => `${file}.clean`;

function identity(file: string): { ino: number; size: number; mtimeMs: number } | null {
  try {
    const s = statSync(file);
    return { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return null;
  }
}

/** A journal SQLite would replay: a WAL file with any bytes in it. */
function journalWaiting(file: string): boolean {
  try {
    return statSync(`${file}-wal`).size > 0;
  } catch {
    return false;
  }
}

/**
 * Records that `file` was closed cleanly. Call after the connection is closed; writes nothing when a
 * journal is still waiting (the checkpoint did not finish). Best effort: a failure only costs the next
 * start a full check.
 */
export function markCleanStop(file: string): void {
  try {
    if (journalWaiting(file)) return;
    const id = identity(file);
    if (id === null) return;
    writeFileSync(markerFile(file), JSON.stringify({ v: 1, ...id }), { mode: 0o600 });
  } catch {
    // best effort
  }
}

/**
 * Whether `file` is exactly as a clean stop left it (see the module comment). Removes the marker either
 * way, so it vouches for one start only.
 */
export function takeCleanStop(file: string): boolean {
  const marker = markerFile(file);
  let raw: string;
  try {
    raw = readFileSync(marker, 'utf8');
  } catch {
    return false;
  }
  try {
    rmSync(marker, { force: true });
  } catch {
    return false; // a marker that cannot be removed could vouch for a later, unclean start: do not trust it
  }
  let parsed: z.infer<typeof markerSchema>;
  try {
    const result = markerSchema.safeParse(JSON.parse(raw));
    if (!result.success) return false;
    parsed = result.data;
  } catch {
    return false;
  }
  const id = identity(file);
  return (
    id !== null &&
    !journalWaiting(file) &&
    id.ino === parsed.ino &&
    id.size === parsed.size &&
    id.mtimeMs === parsed.mtimeMs
  );
}
