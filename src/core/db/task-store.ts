import type Database from 'libsql';
import type { TaskFilter, TaskStatus } from '../../shared/domain/task';
import type { TaskRecord } from '../tasks/task-record';
import { markCleanStop } from './clean-stop';
import { fileOf, openDatabase, type OpenDatabaseOptions, type SqliteDatabase } from './open-database';
import { unspacedChars } from './search-plan';
import { RecordCache } from './record-cache';
import { StatusMirror } from './status-mirror';
import { StatementCache } from './statement-cache';
import * as lookups from './task-lookups';
import {
  readCounts,
  readPageWithCounts,
  SELECT_LIST,
  type TaskPage,
  type TaskPageWithCounts,
} from './task-listing';
import type { TaskCriteria } from './task-query';
import { fromRow, TASK_COLUMNS, toRow, type TaskRowParams } from './task-row';
import { atomically } from './transaction';
import { insertInBulk } from './bulk-insert';

/** Thrown when the store is used after {@link TaskStore.close}. */
export class StoreClosedError extends Error {
  constructor() {
    super('The task store is closed.');
    this.name = 'StoreClosedError';
  }
}

/** Options for {@link TaskStore}. */
export interface TaskStoreOptions {
  /** Clock for `updatedAt` when a patch does not set it (injected so tests and the engine agree on time). */
  now?: () => number;
}

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type TaskPage, type TaskPageWithCounts } from './task-listing';

const INSERT_SQL = `INSERT INTO tasks (${SELECT_LIST}) VALUES (${TASK_COLUMNS.map((c) => `@${c}`).join(', ')})`;
/** `UPDATE … SET` only the columns a patch changed, so untouched indexes and triggers are not rewritten. */
const narrowUpdateSql = (columns: readonly string[]): string =>
  `UPDATE tasks SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;

function dropUndefined(patch: Partial<TaskRecord>): Partial<TaskRecord> {
  // `{ error: undefined }` means "not part of this patch"; null is how a field is cleared.
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<TaskRecord>;
}

/**
 * The task history repository: the only code that reads or writes the `tasks` table.
 *
 * All writes go through three prepared statements (insert, update-whole-row, delete) fed by one mapping
 * ({@link toRow}), so derived columns (`polling`, `active`, `next_poll_at`) can never drift from the
 * record. Reads tolerate damaged rows (see ./task-row).
 *
 * Synchronous by design (libsql, like better-sqlite3): every call is a few hundred microseconds, and the
 * engine's read-modify-write of a task cannot interleave with another.
 */
export class TaskStore {
  readonly #db: SqliteDatabase;
  readonly #now: () => number;
  readonly #insert: Database.Statement;
  readonly #delete: Database.Statement;
  readonly #get: Database.Statement;
  readonly #sql: StatementCache;
  /** Recently read or written tasks, as stored (see {@link get}); dropped whole when a write fails. */
  readonly #records = new RecordCache();
  /**
   * The row each record in memory was read back from (insert and update keep it): the next update compares
   * against it instead of mapping the record again, and reuses the record's parsed columns it did not change.
   */
  readonly #rows = new WeakMap<TaskRecord, TaskRowParams>();
  /** Status and rejected flag by seq, for the search box (see ./status-mirror); told of every write here. */
  readonly #mirror = new StatusMirror();
  #closed = false;

  /** Wraps an open, migrated connection (see {@link openDatabase}); the store closes it in {@link close}. */
  constructor(db: SqliteDatabase, options: TaskStoreOptions = {}) {
    this.#db = db;
    this.#sql = new StatementCache(db);
    this.#now = options.now ?? Date.now;
    this.#insert = db.prepare(INSERT_SQL);
    this.#delete = db.prepare('DELETE FROM tasks WHERE id = ?');
    this.#get = db.prepare(`SELECT ${SELECT_LIST} FROM tasks WHERE id = ?`);
  }

  /** Opens (creating and migrating) the database file at `file` and returns a store over it. */
  static open(file: string, options: TaskStoreOptions & OpenDatabaseOptions = {}): TaskStore {
    return new TaskStore(openDatabase(file, options), options);
  }

  /**
   * Adds a new task. The engine calls this before sending the request, so a crash mid-submit leaves a row.
   * @throws when a task with the same id exists (SQLITE_CONSTRAINT_UNIQUE).
   */
  insert(record: TaskRecord): void {
    this.#assertOpen();
    const row = toRow(record);
    try {
      atomically(this.#db, 'write', () => {
        // A new row has no characters indexed yet: nothing to delete, and its seq is the insert's rowid.
        const seq = Number(this.#insert.run(row).lastInsertRowid);
        this.#insertChars(seq, record.prompt);
        this.#mirror.set(seq, record.status, record.rejected);
      });
    } catch (e) {
      this.#mirror.invalidate();
      throw e;
    }
    // What a read of the new row gives (the same mapping): the engine reads it back at once.
    const stored = fromRow(row);
    if (stored !== null) this.#remember(stored, row);
  }

  /**
   * Adds many new tasks at once, for seeding a history (bench, tests): one transaction, the full-text indexes
   * built once after the rows (bulk-insert.ts). Returns how many were added.
   * @throws when an id exists already; nothing is added then.
   */
  insertMany(records: Iterable<TaskRecord>): number {
    this.#assertOpen();
    try {
      return insertInBulk(this.#db, this.#insert, records, toRow);
    } finally {
      this.#mirror.invalidate();
      this.#records.clear();
    }
  }

  /**
   * Applies a shallow patch (`internal`, when given, is replaced whole) and returns the task as now stored.
   * `id` cannot change; `updatedAt` is set from the clock unless the patch sets it. Keys whose value is
   * `undefined` are ignored. Returns null when the task does not exist (e.g. the user deleted it while a
   * poll was in flight), so that race is not an exception.
   */
  update(id: string, patch: Partial<TaskRecord>): TaskRecord | null {
    this.#assertOpen();
    const current = this.get(id);
    if (current === null) return null;
    const next: TaskRecord = { ...current, updatedAt: this.#now(), ...dropUndefined(patch), id: current.id };
    const before = this.#rows.get(current) ?? toRow(current);
    const after = toRow(next);
    const changed = TASK_COLUMNS.filter((c) => c !== 'id' && before[c] !== after[c]);
    const write = (): void => {
      if (changed.length > 0) {
        const params: Record<string, unknown> = { id: current.id };
        for (const c of changed) params[c] = after[c];
        this.#sql.get(narrowUpdateSql(changed)).run(params);
        if (before.status !== after.status || before.rejected !== after.rejected) this.#mirrorRow(id, next);
      }
      if (next.prompt !== current.prompt) this.#indexChars(id, next.prompt);
    };
    try {
      // One UPDATE is atomic by itself (its own implicit transaction, one commit); a prompt change also
      // rewrites the character index, so the two go in one transaction.
      if (next.prompt !== current.prompt) atomically(this.#db, 'write', write);
      else write();
    } catch (e) {
      this.#records.clear();
      this.#mirror.invalidate();
      throw e;
    }
    // What a read of the row would give (the same mapping), without reading it; the columns this write left
    // as they were read as they did before.
    const stored = fromRow(after, { record: current, changed: new Set(changed) });
    if (stored === null) this.#records.delete(id);
    else this.#remember(stored, after);
    return stored;
  }

  #remember(stored: TaskRecord, row: TaskRowParams): void {
    this.#records.set(stored.id, stored);
    this.#rows.set(stored, row);
  }

  /**
   * The task with this id, or null. Recently used tasks are answered from memory: the store is the only
   * writer of the `tasks` table, and every write keeps the copy in step (a failed or rolled-back write drops
   * them all). The answer is frozen: change a task with {@link update}.
   */
  get(id: string): TaskRecord | null {
    this.#assertOpen();
    const cached = this.#records.get(id);
    if (cached !== undefined) return cached;
    const record = fromRow(this.#get.get(id));
    if (record !== null) this.#records.set(id, record);
    return record;
  }

  /**
   * One page of the gallery: tasks matching `filter`, in `filter.sort` order (by `createdAt`, then `id` as
   * a tiebreak so the order is total), starting after `cursor` (null for the first page). The page and the
   * total are read in one transaction, so they agree with each other.
   *
   * @param limit page size, clamped to 1…{@link MAX_PAGE_SIZE}.
   * @throws InvalidCursorError (./cursor) for a cursor not produced by this method.
   */
  list(filter: TaskFilter, cursor: string | null, limit: number): TaskPage {
    const { counts: _counts, ...page } = this.listWithCounts(filter, cursor, limit);
    return page;
  }

  /**
   * {@link list} and {@link countsByStatus} in one read: the counts are computed once per query, and the
   * total is their sum over the filter's statuses (no separate `count(*)`). What the gallery asks for.
   */
  listWithCounts(filter: TaskFilter, cursor: string | null, limit: number): TaskPageWithCounts {
    this.#assertOpen();
    return atomically(this.#db, 'read', () =>
      readPageWithCounts(this.#sql, this.#mirror, filter, cursor, limit),
    );
  }

  /**
   * How many tasks have each status, for the status chips. Every status is present (zero included).
   * The filter's `statuses` and `sort` are ignored: each chip shows what selecting it would give.
   */
  countsByStatus(filter: Partial<TaskCriteria> = {}): Record<TaskStatus, number> {
    this.#assertOpen();
    return atomically(this.#db, 'read', () => readCounts(this.#sql, this.#mirror, filter));
  }

  /**
   * Every task the engine must resume after a restart, oldest first: each non-terminal task (including
   * `downloading`, `unknown` and `stalled`), plus succeeded tasks whose results are not all downloaded.
   */
  nonTerminal(): TaskRecord[] {
    this.#assertOpen();
    return lookups.nonTerminal(this.#sql);
  }

  /**
   * What a restart must act on, without loading the rows: tasks caught mid-submission, downloads to resume
   * (`downloading`, or succeeded with files still pending), and tasks with a remote id but no poll planned
   * (`needsPoll`), oldest first, all at once or a page at a time. Stalled tasks wait for the user and tasks with a poll planned are found by
   * {@link due}, so neither is read here: a start stays flat with the size of the history.
   */
  resumeWork(page: lookups.ResumePage | null = null): lookups.ResumeItem[] {
    this.#assertOpen();
    return lookups.resumeWork(this.#sql, page);
  }

  /** The highest row number now: a resume reads only the rows that existed when it began. */
  lastSeq(): number {
    this.#assertOpen();
    return lookups.lastSeq(this.#sql);
  }

  /**
   * One unfinished task that was promised a callback (its profile decides the receiver's port), or null.
   * One indexed row, not a read of every unfinished task: a start stays flat with the size of the history.
   */
  anyAwaitingCallback(): { profileId: string } | null {
    this.#assertOpen();
    return lookups.anyAwaitingCallback(this.#sql);
  }

  /** The unfinished task whose callback URL carries `token`, or null (a callback for a task of an earlier run). */
  idForCallbackToken(token: string): string | null {
    this.#assertOpen();
    return lookups.idForCallbackToken(this.#sql, token);
  }

  /** Non-terminal tasks whose next poll is due (`nextPollAt <= now`), soonest first, at most `limit`. */
  due(now: number, limit: number): TaskRecord[] {
    this.#assertOpen();
    return lookups.due(this.#sql, now, limit);
  }

  /** The ids of {@link due} (soonest first, at most `limit`), read from an index only: rows come from {@link get}. */
  dueIds(now: number, limit: number): string[] {
    this.#assertOpen();
    return lookups.dueIds(this.#sql, now, limit);
  }

  /**
   * Whether some task records `rel` as a result's library file (`file`) or thumbnail (`thumbnail`): the media
   * routes serve only such files. A text prefilter (`instr`) keeps the JSON walk to the candidate rows.
   */
  recordsMediaFile(field: 'file' | 'thumbnail', rel: string): boolean {
    this.#assertOpen();
    return lookups.recordsMediaFile(this.#sql, field, rel);
  }

  /** The id of the task of `family` that holds gateway id `remoteId`, or null (a callback may not take it twice). */
  heldBy(family: string, remoteId: string): string | null {
    this.#assertOpen();
    return lookups.heldBy(this.#sql, family, remoteId);
  }

  /** Removes the task (its FTS entries follow by trigger). Returns whether it existed. Files are the caller's. */
  delete(id: string): boolean {
    this.#assertOpen();
    this.#records.delete(id);
    this.#mirror.invalidate(); // deletes are rare and come in batches: the next search reads the mirror again
    return this.#delete.run(id).changes > 0;
  }

  /**
   * Runs `fn` (which may call this store's methods) in one write transaction: all or nothing, one commit.
   * Nests as a savepoint inside another transaction. `fn` must be synchronous.
   */
  transaction<T>(fn: () => T): T {
    try {
      return atomically(this.#db, 'write', fn);
    } catch (e) {
      this.#records.clear(); // writes in memory that the rollback undid
      this.#mirror.invalidate();
      throw e;
    }
  }

  /** How many times the search mirror was read from the database (tests: it follows writes instead). */
  get mirrorLoads(): number {
    return this.#mirror.loads;
  }

  /** The connection, for the repositories that keep their own tables in this file (estimates, batches…). */
  get db(): SqliteDatabase {
    this.#assertOpen();
    return this.#db;
  }

  /** Closes the connection. The store must not be used afterwards. */
  /** libsql aborts the whole process when a closed connection is used; a late caller gets an Error instead. */
  #assertOpen(): void {
    if (this.#closed) throw new StoreClosedError();
  }

  get closed(): boolean {
    return this.#closed;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#sql.clear();
    this.#records.clear();
    this.#mirror.invalidate();
    if (!this.#db.open) return;
    try {
      // SQLite's advice for long-lived connections: refreshes planner statistics only where they are stale,
      // so the filter indexes keep being chosen as the history grows. Cheap, and never worth failing a close.
      this.#db.exec('PRAGMA optimize');
    } catch {
      // best effort
    }
    let checkpointed = false;
    try {
      // A clean stop leaves no history in the WAL: a backup of atelier.db alone is then complete.
      const row = this.#db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').raw().get();
      checkpointed = Array.isArray(row) && row[0] === 0;
    } catch {
      // best effort: a busy reader elsewhere only delays it to the next clean stop
    }
    const file = fileOf(this.#db);
    this.#db.close();
    // The next start may skip the full integrity check (see ./clean-stop) only after a complete checkpoint.
    if (checkpointed && file) markCleanStop(file);
  }

  /** Tells the mirror a task's new status or rejected flag (only once a search has loaded it). */
  #mirrorRow(id: string, record: TaskRecord): void {
    if (!this.#mirror.loaded) return;
    const row = this.#sql.get('SELECT seq FROM tasks WHERE id = ?').raw().get(id);
    const seq = Array.isArray(row) ? row[0] : null;
    if (typeof seq === 'number') this.#mirror.set(seq, record.status, record.rejected);
    else this.#mirror.invalidate();
  }

  /** Keeps `tasks_fts_chars` (short CJK terms, see search-plan) in step with the prompt of task `id`. */
  #indexChars(id: string, prompt: string): void {
    const row = this.#sql.get('SELECT seq FROM tasks WHERE id = ?').raw().get(id);
    const seq = Array.isArray(row) ? row[0] : null;
    if (typeof seq !== 'number') return;
    this.#sql.get('DELETE FROM tasks_fts_chars WHERE rowid = ?').run(seq);
    this.#insertChars(seq, prompt);
  }

  #insertChars(seq: number, prompt: string): void {
    const chars = unspacedChars(prompt);
    if (chars !== null)
      this.#sql.get('INSERT INTO tasks_fts_chars (rowid, chars) VALUES (?, ?)').run(seq, chars);
  }
}
