import type Database from 'libsql';
import { MIGRATIONS, type Migration } from './migrations/index';
import { atomically } from './transaction';

/** Thrown when the file was written by a newer Atelier: opening it could corrupt what we do not understand. */
export class DatabaseTooNewError extends Error {
  override readonly name = 'DatabaseTooNewError';
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(`history database is at schema version ${found}, this build understands up to ${supported}`);
  }
}

/** What {@link migrate} did. */
export interface MigrateOutcome {
  from: number;
  to: number;
  applied: number[];
}

function assertSequential(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration #${i} has version ${m.version}, expected ${i + 1}`);
  });
}

function readVersion(db: Database.Database): number {
  // Both records are consulted: user_version is the cheap check, the table is the human-readable log;
  // trusting the higher one means a half-restored file is refused rather than re-migrated.
  const pragma = db.prepare('PRAGMA user_version').raw().get();
  const fromPragma = Array.isArray(pragma) && typeof pragma[0] === 'number' ? pragma[0] : 0;
  const logged = db.prepare('SELECT max(version) FROM schema_migrations').raw().get();
  const fromTable = Array.isArray(logged) && typeof logged[0] === 'number' ? logged[0] : 0;
  return Math.max(fromPragma, fromTable);
}

/**
 * Brings the schema up to date: each pending migration runs in its own IMMEDIATE transaction (taking the
 * write lock first, so two processes opening the same file cannot both apply it) and is recorded in
 * `schema_migrations` and `PRAGMA user_version` in that same transaction.
 *
 * @throws DatabaseTooNewError when the file's version is above the last migration known to this build.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => number = Date.now,
): MigrateOutcome {
  assertSequential(migrations);
  const latest = migrations.length;
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  const from = readVersion(db);
  if (from > latest) throw new DatabaseTooNewError(from, latest);

  const applied: number[] = [];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of migrations.slice(from)) {
    atomically(db, 'write', () => {
      // Re-read under the write lock: another process may have migrated while we waited for it.
      const current = readVersion(db);
      if (current >= m.version) return;
      if (current > latest) throw new DatabaseTooNewError(current, latest);
      db.exec(m.sql);
      m.after?.(db);
      record.run(m.version, m.name, now());
      // PRAGMA takes no bound parameters; m.version is an integer checked by assertSequential.
      db.exec(`PRAGMA user_version = ${m.version}`);
      applied.push(m.version);
    });
  }
  return { from, to: Math.max(from, readVersion(db)), applied };
}
