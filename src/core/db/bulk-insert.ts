import type Database from 'libsql';
import type { TaskRecord } from '../tasks/task-record';
import { unspacedChars } from './search-plan';
import type { toRow } from './task-row';
import { atomically } from './transaction';

/** The trigger that indexes each new row's prompt in both full-text tables (migration 0001). */
const FTS_INSERT_TRIGGER = 'tasks_fts_after_insert';

/**
 * Inserts many new tasks in one transaction, for seeding histories (benchmarks, tests): one prepared
 * statement, and the two external-content full-text indexes (`tasks_fts`, `tasks_fts_trigram`) built once
 * after the rows instead of row by row (their insert trigger is dropped for the load and restored, in the
 * same transaction, so a failure leaves the database as it was). The character index (`tasks_fts_chars`)
 * and the status counts are written as `insert` writes them. Returns the number of rows inserted.
 * @throws when an id exists already (nothing is inserted then).
 */
export function insertInBulk(
  db: Database.Database,
  insert: Database.Statement,
  records: Iterable<TaskRecord>,
  row: typeof toRow,
): number {
  // A large page cache for the load: the table and its nine indexes grow past the default 2 MiB at once,
  // and every insert would then read back pages it has just written. Set back after.
  const cache = db.prepare('PRAGMA cache_size').raw().get();
  db.exec('PRAGMA cache_size = -524288');
  try {
    return load(db, insert, records, row);
  } finally {
    if (Array.isArray(cache) && typeof cache[0] === 'number') db.exec(`PRAGMA cache_size = ${cache[0]}`);
  }
}

function load(
  db: Database.Database,
  insert: Database.Statement,
  records: Iterable<TaskRecord>,
  row: typeof toRow,
): number {
  return atomically(db, 'write', () => {
    const found = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
      .raw()
      .get(FTS_INSERT_TRIGGER);
    const trigger = Array.isArray(found) ? found[0] : null;
    if (typeof trigger !== 'string') throw new Error(`the database has no ${FTS_INSERT_TRIGGER} trigger`);
    db.exec(`DROP TRIGGER ${FTS_INSERT_TRIGGER}`);
    const chars = db.prepare('INSERT INTO tasks_fts_chars (rowid, chars) VALUES (?, ?)');
    let n = 0;
    for (const record of records) {
      const seq = Number(insert.run(row(record)).lastInsertRowid);
      const text = unspacedChars(record.prompt);
      if (text !== null) chars.run(seq, text);
      n++;
    }
    db.exec(
      "INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild'); INSERT INTO tasks_fts_trigram (tasks_fts_trigram) VALUES ('rebuild');",
    );
    db.exec(trigger);
    return n;
  });
}
