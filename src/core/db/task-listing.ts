import { taskStatusSchema, type TaskFilter, type TaskStatus } from '../../shared/domain/task';
import type { TaskRecord } from '../tasks/task-record';
import { decodeCursor, encodeCursor } from './cursor';
import type { StatementCache } from './statement-cache';
import { statusCountsQuery } from './status-counts';
import { searchPass, walkDateIndex } from './search-listing';
import type { StatusMirror } from './status-mirror';
import { whereFor, type TaskCriteria } from './task-query';
import { fromRow, TASK_COLUMNS } from './task-row';

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

/** Default and maximum page sizes: large enough for a screen of thumbnails, small enough to stay fast. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const SELECT_LIST = TASK_COLUMNS.join(', ');

/** Past this many matches, a search's first page is read by walking the date index (see `listWithCounts`). */
const DENSE_MATCHES = 2_000;

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

/** Rows as records; damaged rows are dropped (see ./task-row). */
export function toRecords(rows: unknown[]): TaskRecord[] {
  const out: TaskRecord[] = [];
  for (const row of rows) {
    const r = fromRow(row);
    if (r !== null) out.push(r);
  }
  return out;
}

/**
 * A page and the status counts in one read (the caller runs it in a read transaction, so they agree): the
 * counts are computed once per query and the total is their sum over the filter's statuses.
 */
export function readPageWithCounts(
  sql: StatementCache,
  mirror: StatusMirror,
  filter: TaskFilter,
  cursor: string | null,
  limit: number,
): TaskPageWithCounts {
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
  // A search (the search box) counts its chips and collects its matches in one pass.
  const search = searchPass(sql, mirror, filter, true);
  const counts = search?.counts ?? readCounts(sql, mirror, filter);
  const wanted =
    filter.statuses !== undefined && filter.statuses.length > 0 ? new Set(filter.statuses) : null;
  const total = Object.entries(counts).reduce(
    (n, [s, c]) => (wanted === null || wanted.has(s as TaskStatus) ? n + c : n),
    0,
  );
  const order = `ORDER BY created_at ${dir}, id ${dir}`;
  let rows: TaskRecord[];
  if (search?.matches && total > DENSE_MATCHES) {
    // Many matches: walk the date index from the cursor, keeping matches, until one page (plus one) is found;
    // only those rows are read whole. (A rare search reads its few matches and sorts them, below.)
    const seqs = walkDateIndex(sql, search.matches, after, newest, size + 1);
    rows = toRecords(
      sql
        .get(`SELECT ${SELECT_LIST} FROM tasks WHERE seq IN (SELECT value FROM json_each(?)) ${order}`)
        .all(JSON.stringify(seqs)),
    );
  } else {
    // One extra row tells whether another page exists without a second query.
    rows = toRecords(
      sql.get(`SELECT ${SELECT_LIST} FROM tasks ${page.sql} ${order} LIMIT ?`).all(...page.params, size + 1),
    );
  }
  const items = rows.slice(0, size);
  const last = items.at(-1);
  const nextCursor =
    rows.length > size && last !== undefined
      ? encodeCursor({ createdAt: last.createdAt, id: last.id })
      : null;
  return { items, nextCursor, total, counts };
}

/**
 * How many tasks have each status, for the status chips. Every status is present (zero included).
 * The filter's `statuses` and `sort` are ignored: each chip shows what selecting it would give.
 */
export function readCounts(
  sql: StatementCache,
  mirror: StatusMirror,
  filter: Partial<TaskCriteria>,
): Record<TaskStatus, number> {
  const { statuses: _ignored, ...criteria } = filter;
  const search = searchPass(sql, mirror, criteria, false);
  if (search !== null) return search.counts;
  const counts = Object.fromEntries(taskStatusSchema.options.map((s) => [s, 0])) as Record<
    TaskStatus,
    number
  >;
  // Unfiltered (but for rejected): the trigger-kept table. Otherwise counted over the filter's rows.
  const where = whereFor(criteria);
  const fromTable = statusCountsQuery(criteria);
  const rows = sql
    .get(fromTable ?? `SELECT status, count(*) FROM tasks ${where.sql} GROUP BY status`)
    .raw()
    .all(...(fromTable ? [] : where.params));
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    // A status this build does not know is displayed as `unknown` (see task-row), so counted there too.
    const key: TaskStatus = KNOWN_STATUSES.has(row[0]) ? (row[0] as TaskStatus) : 'unknown';
    counts[key] += typeof row[1] === 'number' ? row[1] : 0;
  }
  return counts;
}

const KNOWN_STATUSES: ReadonlySet<unknown> = new Set(taskStatusSchema.options);
