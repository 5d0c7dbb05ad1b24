import type Database from 'libsql';

/**
 * Runs `fn` atomically. Unlike libsql's `db.transaction()`, which always issues `BEGIN` and so fails when
 * nested, an inner call becomes a SAVEPOINT: store methods that write in a transaction can be composed
 * inside a caller's larger transaction (e.g. seeding 10,000 rows in one commit).
 *
 * `write` takes the write lock up front (`BEGIN IMMEDIATE`): a deferred transaction that reads and then
 * writes can fail with SQLITE_BUSY on the upgrade, which busy_timeout does not retry.
 */
export function atomically<T>(db: Database.Database, mode: 'read' | 'write', fn: () => T): T {
  const nested = db.inTransaction;
  const name = `atelier_sp_${++savepoints}`;
  db.exec(nested ? `SAVEPOINT ${name}` : mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN');
  try {
    const result = fn();
    if (result instanceof Promise) throw new TypeError('a transaction body must be synchronous');
    db.exec(nested ? `RELEASE ${name}` : 'COMMIT');
    return result;
  } catch (err) {
    // SQLite may already have rolled back by itself (e.g. SQLITE_FULL); a second ROLLBACK would throw
    // and hide the original error.
    if (db.inTransaction) db.exec(nested ? `ROLLBACK TO ${name}; RELEASE ${name}` : 'ROLLBACK');
    throw err;
  }
}

let savepoints = 0;
