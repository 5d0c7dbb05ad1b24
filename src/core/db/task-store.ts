import type Database from 'libsql';
import { taskStatusSchema, type TaskFilter, type TaskStatus } from '../../shared/domain/task';
import type { TaskRecord } from '../tasks/task-record';
import { decodeCursor, encodeCursor } from './cursor';
import { openDatabase, type OpenDatabaseOptions, type SqliteDatabase } from './open-database';
import { unspacedChars } from './search-plan';
import { statusCountsQuery } from './status-counts';
import { whereFor, type TaskCriteria } from './task-query';
import { fromRow, TASK_COLUMNS, toRow, type TaskRowParams } from './task-row';
import { atomically } from './transaction';

/** Thrown when the store is used after {@link TaskStore.close}. */
export class StoreClosedError extends Error {
  constructor() {
    super('The task store is closed.');
    this.name = 'StoreClosedError';
  }
}

/** One gallery page. */
export interface TaskPage {
  items: TaskRecord[];
  /** Pass back to {@link TaskStore.list} for the next page; null on the last page. */
  nextCursor: string | null;
  /** How many tasks match the filter in all (every page together). */
  total: number;
}

/** A page with its status chips: matches per status, the filter's own `statuses` ignored. */
export interface TaskPageWithCounts extends TaskPage {
  counts: Record<TaskStatus, number>;
}

/** Options for {@link TaskStore}. */
export interface TaskStoreOptions {
  /** Clock for `updatedAt` when a patch does not set it (injected so tests and the engine agree on time). */
  now?: () => number;
}

/** Default and maximum page sizes: large enough for a screen of thumbnails, small enough to stay fast. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

const SELECT_LIST = TASK_COLUMNS.join(', ');
const INSERT_SQL = `INSERT INTO tasks (${SELECT_LIST}) VALUES (${TASK_COLUMNS.map((c) => `@${c}`).join(', ')})`;
/** `UPDATE … SET` only the columns a patch changed, so untouched indexes and triggers are not rewritten. */
const narrowUpdateSql = (columns: readonly string[]): string =>
  `UPDATE tasks SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
/** Statement shapes vary with the filter; past this many, the cache is simply dropped and rebuilt. */
const MAX_CACHED_STATEMENTS = 128;

/** Past this many matches, a search's first page is read by walking the date index (see `list`). */
const DENSE_MATCHES = 2_000;

/** True when the filter restricts by a search and nothing else (the search box's common case). */
function onlySearch(f: Partial<TaskCriteria>): boolean {
  return (
    f.search !== undefined &&
    f.search.trim() !== '' &&
    (f.statuses === undefined || f.statuses.length === 0) &&
    f.operationId === undefined &&
    f.model === undefined &&
    f.favourite === undefined &&
    f.since === undefined &&
    f.until === undefined
  );
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

function toRecords(rows: unknown[]): TaskRecord[] {
  const out: TaskRecord[] = [];
  for (const row of rows) {
    const r = fromRow(row);
    if (r !== null) out.push(r);
  }
  return out;
}

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
  readonly #cache = new Map<string, Database.Statement>();
  #closed = false;

  /** Wraps an open, migrated connection (see {@link openDatabase}); the store closes it in {@link close}. */
  constructor(db: SqliteDatabase, options: TaskStoreOptions = {}) {
    this.#db = db;
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
    atomically(this.#db, 'write', () => {
      this.#write(this.#insert, toRow(record));
      this.#indexChars(record.id, record.prompt);
    });
  }

  /**
   * Applies a shallow patch (`internal`, when given, is replaced whole) and returns the task as now stored.
   * `id` cannot change; `updatedAt` is set from the clock unless the patch sets it. Keys whose value is
   * `undefined` are ignored. Returns null when the task does not exist (e.g. the user deleted it while a
   * poll was in flight), so that race is not an exception.
   */
  update(id: string, patch: Partial<TaskRecord>): TaskRecord | null {
    this.#assertOpen();
    return atomically(this.#db, 'write', () => {
      const current = this.get(id);
      if (current === null) return null;
      const next: TaskRecord = {
        ...current,
        updatedAt: this.#now(),
        ...dropUndefined(patch),
        id: current.id,
      };
      const before = toRow(current);
      const after = toRow(next);
      const changed = TASK_COLUMNS.filter((c) => c !== 'id' && before[c] !== after[c]);
      if (changed.length > 0) {
        const params: Record<string, unknown> = { id: current.id };
        for (const c of changed) params[c] = after[c];
        this.#statement(narrowUpdateSql(changed)).run(params);
      }
      if (next.prompt !== current.prompt) this.#indexChars(id, next.prompt);
      return this.get(id);
    });
  }

  /** The task with this id, or null. */
  get(id: string): TaskRecord | null {
    this.#assertOpen();
    return fromRow(this.#get.get(id));
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
    const size = clampLimit(limit);
    const newest = filter.sort !== 'oldest';
    const after = cursor === null ? null : decodeCursor(cursor);
    const page = whereFor(
      filter,
      after === null
        ? []
        : [{ sql: `(created_at, id) ${newest ? '<' : '>'} (?, ?)`, params: [after.createdAt, after.id] }],
    );
    const dir = newest ? 'DESC' : 'ASC';
    return atomically(this.#db, 'read', () => {
      // The counts are read once; the total is their sum over the filter's statuses (no count(*) query).
      const counts = this.countsByStatus(filter);
      const wanted =
        filter.statuses !== undefined && filter.statuses.length > 0 ? new Set(filter.statuses) : null;
      const total = Object.entries(counts).reduce(
        (n, [s, c]) => (wanted === null || wanted.has(s as TaskStatus) ? n + c : n),
        0,
      );
      // A search that matches many tasks is answered fastest by walking the date index and stopping after
      // one page; a rare one by reading its few matches and sorting them (the planner cannot know which).
      const byDate = onlySearch(filter) && total > DENSE_MATCHES ? 'INDEXED BY tasks_created' : '';
      const pageSql = `SELECT ${SELECT_LIST} FROM tasks ${byDate} ${page.sql} ORDER BY created_at ${dir}, id ${dir} LIMIT ?`;
      // One extra row tells whether another page exists without a second query.
      const rows = toRecords(this.#statement(pageSql).all(...page.params, size + 1));
      const items = rows.slice(0, size);
      const last = items.at(-1);
      const nextCursor =
        rows.length > size && last !== undefined
          ? encodeCursor({ createdAt: last.createdAt, id: last.id })
          : null;
      return { items, nextCursor, total, counts };
    });
  }

  /**
   * How many tasks have each status, for the status chips. Every status is present (zero included).
   * The filter's `statuses` and `sort` are ignored: each chip shows what selecting it would give.
   */
  countsByStatus(filter: Partial<TaskCriteria> = {}): Record<TaskStatus, number> {
    this.#assertOpen();
    const { statuses: _ignored, ...criteria } = filter;
    const where = whereFor(criteria);
    const counts = Object.fromEntries(taskStatusSchema.options.map((s) => [s, 0])) as Record<
      TaskStatus,
      number
    >;
    // Unfiltered (but for rejected): the trigger-kept table. For a search alone, statuses come from the
    // narrow (seq, status) index instead of the wide rows.
    const fromTable = statusCountsQuery(criteria);
    const index = onlySearch(criteria) ? 'INDEXED BY tasks_seq_status' : '';
    const sql = fromTable ?? `SELECT status, count(*) FROM tasks ${index} ${where.sql} GROUP BY status`;
    const rows = this.#statement(sql).raw().all(...(fromTable ? [] : where.params));
    for (const row of rows) {
      if (!Array.isArray(row)) continue;
      const status = taskStatusSchema.safeParse(row[0]);
      // A status this build does not know is displayed as `unknown` (see task-row), so counted there too.
      const key: TaskStatus = status.success ? status.data : 'unknown';
      counts[key] += typeof row[1] === 'number' ? row[1] : 0;
    }
    return counts;
  }

  /**
   * Every task the engine must resume after a restart, oldest first: each non-terminal task (including
   * `downloading`, `unknown` and `stalled`), plus succeeded tasks whose results are not all downloaded.
   */
  nonTerminal(): TaskRecord[] {
    this.#assertOpen();
    return toRecords(
      this.#statement(`SELECT ${SELECT_LIST} FROM tasks WHERE active = 1 ORDER BY created_at, id`).all(),
    );
  }

  /**
   * What a restart must act on, without loading the rows: tasks caught mid-submission, downloads to resume
   * (`downloading`, or succeeded with files still pending), and tasks with a remote id but no poll planned
   * (`needsPoll`). Stalled tasks wait for the user and tasks with a poll planned are found by
   * {@link due}, so neither is read here: a start stays flat with the size of the history.
   */
  resumeWork(): { id: string; status: TaskStatus; needsPoll: boolean }[] {
    this.#assertOpen();
    const needsPoll = "(remote_id IS NOT NULL AND next_poll_at IS NULL AND status <> 'stalled')";
    const rows = this.#statement(
      `SELECT id, status, (status NOT IN ('submitting', 'downloading', 'succeeded') AND ${needsPoll}) FROM tasks WHERE active = 1 AND (status IN ('submitting', 'downloading', 'succeeded') OR ${needsPoll}) ORDER BY created_at, id`,
    )
      .raw()
      .all();
    const out: { id: string; status: TaskStatus; needsPoll: boolean }[] = [];
    for (const row of rows) {
      if (!Array.isArray(row) || typeof row[0] !== 'string') continue;
      const status = taskStatusSchema.safeParse(row[1]);
      out.push({ id: row[0], status: status.success ? status.data : 'unknown', needsPoll: row[2] === 1 });
    }
    return out;
  }

  /**
   * Marks every task caught mid-submission (`submitting` after a restart) `unknown`, with `error` and an
   * event `message`, in one statement: no row is read into JS. Returns their ids.
   */
  markInterruptedSubmissions(at: number, error: string, message: string): string[] {
    this.#assertOpen();
    const events =
      "CASE WHEN json_valid(events_json) AND json_type(events_json) = 'array' THEN events_json ELSE '[]' END";
    const rows = this.#statement(
      `UPDATE tasks SET status = 'unknown', error = ?, updated_at = ?, events_json = json_insert(${events}, '$[#]', json_object('at', ?, 'message', ?)) WHERE active = 1 AND status = 'submitting' RETURNING id`,
    )
      .raw()
      .all(error, at, at, message);
    return rows.flatMap((r) => (Array.isArray(r) && typeof r[0] === 'string' ? [r[0]] : []));
  }

  /**
   * One unfinished task that was promised a callback (its profile decides the receiver's port), or null.
   * One indexed row, not a read of every unfinished task: a start stays flat with the size of the history.
   */
  anyAwaitingCallback(): { profileId: string } | null {
    this.#assertOpen();
    const row = this.#statement(
      "SELECT profile_id FROM tasks WHERE active = 1 AND json_extract(internal_json, '$.callbackToken') IS NOT NULL LIMIT 1",
    )
      .raw()
      .get();
    return Array.isArray(row) && typeof row[0] === 'string' ? { profileId: row[0] } : null;
  }

  /** The unfinished task whose callback URL carries `token`, or null (a callback for a task of an earlier run). */
  idForCallbackToken(token: string): string | null {
    this.#assertOpen();
    const row = this.#statement(
      "SELECT id FROM tasks WHERE active = 1 AND json_extract(internal_json, '$.callbackToken') = ? LIMIT 1",
    )
      .raw()
      .get(token);
    return Array.isArray(row) && typeof row[0] === 'string' ? row[0] : null;
  }

  /** Non-terminal tasks whose next poll is due (`nextPollAt <= now`), soonest first, at most `limit`. */
  due(now: number, limit: number): TaskRecord[] {
    this.#assertOpen();
    const sql = `SELECT ${SELECT_LIST} FROM tasks WHERE polling = 1 AND next_poll_at <= ? ORDER BY next_poll_at, id LIMIT ?`;
    return toRecords(this.#statement(sql).all(now, Math.max(0, Math.trunc(limit))));
  }

  /**
   * Whether some task records `rel` as a result's library file (`file`) or thumbnail (`thumbnail`): the media
   * routes serve only such files. A text prefilter (`instr`) keeps the JSON walk to the candidate rows.
   */
  recordsMediaFile(field: 'file' | 'thumbnail', rel: string): boolean {
    this.#assertOpen();
    const sql = `SELECT 1 FROM tasks WHERE instr(results_json, ?) > 0 AND EXISTS (SELECT 1 FROM json_each(tasks.results_json) r WHERE json_extract(r.value, '$.${field === 'file' ? 'file' : 'thumbnail'}') = ?) LIMIT 1`;
    return this.#statement(sql).get(JSON.stringify(rel), rel) !== undefined;
  }

  /** The id of the task of `family` that holds gateway id `remoteId`, or null (a callback may not take it twice). */
  heldBy(family: string, remoteId: string): string | null {
    this.#assertOpen();
    const row = this.#statement('SELECT id FROM tasks WHERE family = ? AND remote_id = ? LIMIT 1').get(family, remoteId) as { id?: unknown } | undefined;
    return typeof row?.id === 'string' ? row.id : null;
  }

  /** Removes the task (its FTS entries follow by trigger). Returns whether it existed. Files are the caller's. */
  delete(id: string): boolean {
    this.#assertOpen();
    return this.#delete.run(id).changes > 0;
  }

  /**
   * Runs `fn` (which may call this store's methods) in one write transaction: all or nothing, one commit.
   * Nests as a savepoint inside another transaction. `fn` must be synchronous.
   */
  transaction<T>(fn: () => T): T {
    return atomically(this.#db, 'write', fn);
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
    this.#cache.clear();
    if (!this.#db.open) return;
    try {
      // SQLite's advice for long-lived connections: refreshes planner statistics only where they are stale,
      // so the filter indexes keep being chosen as the history grows. Cheap, and never worth failing a close.
      this.#db.exec('PRAGMA optimize');
    } catch {
      // best effort
    }
    try {
      // A clean stop leaves no history in the WAL: a backup of atelier.db alone is then complete.
      this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      // best effort: a busy reader elsewhere only delays it to the next clean stop
    }
    this.#db.close();
  }

  /** Keeps `tasks_fts_chars` (short CJK terms, see search-plan) in step with the prompt of task `id`. */
  #indexChars(id: string, prompt: string): void {
    const row = this.#statement('SELECT seq FROM tasks WHERE id = ?').raw().get(id);
    const seq = Array.isArray(row) ? row[0] : null;
    if (typeof seq !== 'number') return;
    this.#statement('DELETE FROM tasks_fts_chars WHERE rowid = ?').run(seq);
    const chars = unspacedChars(prompt);
    if (chars !== null)
      this.#statement('INSERT INTO tasks_fts_chars (rowid, chars) VALUES (?, ?)').run(seq, chars);
  }

  #write(statement: Database.Statement, row: TaskRowParams): void {
    statement.run(row);
  }

  #statement(sql: string): Database.Statement {
    let stmt = this.#cache.get(sql);
    if (stmt === undefined) {
      if (this.#cache.size >= MAX_CACHED_STATEMENTS) this.#cache.clear();
      stmt = this.#db.prepare(sql);
      this.#cache.set(sql, stmt);
    }
    return stmt;
  }
}
