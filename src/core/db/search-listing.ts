import { taskStatusSchema, type TaskStatus } from '../../shared/domain/task';
import { planSearch } from './search-plan';
import type { StatementCache } from './statement-cache';
import { REJECTED, statusOfCode, type StatusMirror } from './status-mirror';
import type { TaskCriteria } from './task-query';

/**
 * The gallery's search box (a search, with rejected tasks hidden or shown, nothing else): one pass over the
 * matches gives the status chips and the set of matching tasks, from which the first page is then read by
 * walking the date index. A one-letter prefix matches a fifth of a large history, so this is where search
 * time goes (issue 16: 70 ms for "l" at 100,000 tasks before, with rejected tasks hidden).
 */

/** One pass over a search's matches. */
export interface SearchPass {
  counts: Record<TaskStatus, number>;
  /** By seq: 1 where the task matches the search (and the rejected filter), when asked for. */
  matches: Uint8Array | null;
}

/** True when `criteria` is a search and, besides, at most the rejected filter (what {@link searchPass} answers). */
export function isSearchOnly(criteria: Partial<TaskCriteria>): boolean {
  const {
    search,
    rejected: _rejected,
    statuses,
    sort: _sort,
    ...rest
  } = criteria as Partial<TaskCriteria> & {
    sort?: unknown;
  };
  return (
    search !== undefined &&
    planSearch(search) !== null &&
    (statuses === undefined || statuses.length === 0) &&
    Object.values(rest).every((v) => v === undefined)
  );
}

/** The full-text queries a search needs (AND-ed): each a table and its MATCH expression. */
function fullTextParts(search: string): { table: string; match: string }[] {
  const plan = planSearch(search);
  if (plan === null) return [];
  return (
    [
      ['tasks_fts', plan.words],
      ['tasks_fts_trigram', plan.trigram],
      ['tasks_fts_chars', plan.chars],
    ] as const
  ).flatMap(([table, match]) => (match === null ? [] : [{ table, match }]));
}

/** The integers of a comma-separated list (group_concat of rowids), read without splitting. */
export function parseInts(joined: string): number[] {
  const out: number[] = [];
  let n = 0;
  let digits = 0;
  for (let i = 0; i <= joined.length; i++) {
    const c = i < joined.length ? joined.charCodeAt(i) : COMMA;
    if (c === COMMA) {
      if (digits > 0) out.push(n);
      n = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
    }
  }
  return out;
}
const COMMA = 44;

/**
 * The chips (and, when asked, the matches) of a search-only filter, or null for any other filter: the
 * full-text index gives the matching seqs (one string), the {@link StatusMirror} each one's status and
 * rejected flag. Runs inside the caller's read transaction.
 */
export function searchPass(
  sql: StatementCache,
  mirror: StatusMirror,
  criteria: Partial<TaskCriteria>,
  withMatches: boolean,
): SearchPass | null {
  if (!isSearchOnly(criteria)) return null;
  const parts = fullTextParts(criteria.search ?? '');
  if (parts.length === 0) return null;
  const rowids = (p: { table: string; match: string }): number[] => {
    const row = sql
      .get(`SELECT group_concat(rowid) FROM ${p.table} WHERE ${p.table} MATCH ?`)
      .raw()
      .get(p.match);
    return parseInts(Array.isArray(row) && typeof row[0] === 'string' ? row[0] : '');
  };
  let seqs = rowids(parts[0] as { table: string; match: string });
  for (const other of parts.slice(1)) {
    const also = new Set(rowids(other));
    seqs = seqs.filter((s) => also.has(s));
  }
  let codes: Uint8Array;
  try {
    codes = mirror.current(sql);
  } catch {
    return null; // a history the mirror cannot hold (a hand-made seq far out): the plain queries answer
  }
  const counts = Object.fromEntries(taskStatusSchema.options.map((s) => [s, 0])) as Record<
    TaskStatus,
    number
  >;
  const matches = withMatches ? new Uint8Array(codes.length) : null;
  const want = criteria.rejected === 'hide' ? 0 : criteria.rejected === 'only' ? REJECTED : null;
  for (const seq of seqs) {
    const code = codes[seq] ?? 0;
    if (code === 0 || (want !== null && (code & REJECTED) !== want)) continue;
    counts[statusOfCode(code)] += 1;
    if (matches) matches[seq] = 1;
  }
  return { counts, matches };
}

/** Rows of the date index read per step of {@link walkDateIndex}. */
const WALK_STEP = 1024;

/**
 * The first `want` seqs of `matches` in gallery order, found by walking the `(created_at, id)` index (it
 * holds the seq as its rowid, so no row is read) from `after`, a step at a time.
 */
export function walkDateIndex(
  sql: StatementCache,
  matches: Uint8Array,
  after: { createdAt: number; id: string } | null,
  newest: boolean,
  want: number,
  step = WALK_STEP,
): number[] {
  const dir = newest ? 'DESC' : 'ASC';
  const cmp = newest ? '<' : '>';
  const found: number[] = [];
  let from = after;
  while (found.length < want) {
    const where = from === null ? '' : `WHERE (created_at, id) ${cmp} (?, ?)`;
    const rows = sql
      .get(
        `SELECT seq, created_at, id FROM tasks INDEXED BY tasks_created ${where} ORDER BY created_at ${dir}, id ${dir} LIMIT ?`,
      )
      .raw()
      .all(...(from === null ? [] : [from.createdAt, from.id]), step) as [number, number, string][];
    for (const [seq] of rows) {
      if (matches[seq] === 1) found.push(seq);
      if (found.length >= want) break;
    }
    const last = rows.at(-1);
    if (rows.length < step || last === undefined) break;
    from = { createdAt: last[1], id: last[2] };
  }
  return found;
}
