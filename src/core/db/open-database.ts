import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrate';
import { MIGRATIONS, type Migration } from './migrations/index';

/** Options for {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** How long a statement waits for another connection's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** Override for tests; production code uses the built-in list. */
  migrations?: readonly Migration[];
}

/** The connection type used across `core/db`. */
export type SqliteDatabase = Database.Database;

/** The file each connection opened here reads (libsql's `name` is empty): for the clean-stop marker. */
const files = new WeakMap<SqliteDatabase, string>();

/** The file `db` was opened on by {@link openDatabase}, or null (in memory, or opened elsewhere). */
export function fileOf(db: SqliteDatabase): string | null {
  return files.get(db) ?? null;
}

/** Journal pages after which a commit copies the journal back into the database (see {@link openDatabase}). */
export const WAL_CHECKPOINT_PAGES = 4_000;

/**
 * Opens (creating if needed) the history database at `file`, configures it, and migrates it to the
 * latest schema. The caller owns the returned connection and must `close()` it.
 *
 * - WAL: the gallery reads while the engine writes, without either blocking the other.
 * - `synchronous=NORMAL`: in WAL mode this cannot corrupt the file; a power cut may lose the last few
 *   commits, which the engine recovers from by re-querying the gateway.
 * - `wal_autocheckpoint` at 4,000 pages (16 MiB of journal with 4 KiB pages) instead of SQLite's 1,000: a
 *   checkpoint copies each page once however often it changed, and the pages a burst of tasks rewrites (the
 *   status indexes, the counts, the search index) are the same few, so fewer, larger checkpoints copy and
 *   sync less. The store's own write microbench spent about a tenth less CPU (see README, issue 27).
 * - foreign keys on: off by default in SQLite, and later migrations (task inputs, results) will rely on them.
 *
 * @throws DatabaseTooNewError (from ./migrate) when the file comes from a newer build; the connection is closed.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { timeout: busyTimeoutMs });
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, options.migrations ?? MIGRATIONS);
    if (file !== ':memory:') files.set(db, path.resolve(file));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
