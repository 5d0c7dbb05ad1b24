import { taskStatusSchema, type TaskStatus } from '../../shared/domain/task';
import type { TaskRecord } from '../tasks/task-record';
import type { StatementCache } from './statement-cache';
import { SELECT_LIST, toRecords } from './task-listing';

/**
 * The task store's narrow queries for the engine and the media routes: what a restart must act on, due
 * polls, callback tokens, gateway ids. Each reads an index or a few rows, never the whole history.
 */

/** Every active task (non-terminal, or succeeded with files pending), oldest first. */
export function nonTerminal(sql: StatementCache): TaskRecord[] {
  return toRecords(
    sql.get(`SELECT ${SELECT_LIST} FROM tasks WHERE active = 1 ORDER BY created_at, id`).all(),
  );
}

/** A page of {@link resumeWork}: rows after `after` (in `created_at, id` order), up to row `upToSeq`, at most `limit`. */
export interface ResumePage {
  after: { createdAt: number; id: string } | null;
  upToSeq: number;
  limit: number;
}

/** One task a restart acts on (see TaskStore.resumeWork). */
export interface ResumeItem {
  id: string;
  status: TaskStatus;
  needsPoll: boolean;
  createdAt: number;
}

/** See TaskStore.resumeWork. */
export function resumeWork(sql: StatementCache, page: ResumePage | null): ResumeItem[] {
  const needsPoll = "(remote_id IS NOT NULL AND next_poll_at IS NULL AND status <> 'stalled')";
  const where = `active = 1 AND (status IN ('submitting', 'downloading', 'succeeded') OR ${needsPoll})`;
  const columns = `id, status, (status NOT IN ('submitting', 'downloading', 'succeeded') AND ${needsPoll}), created_at`;
  // A page reads the covering index `tasks_resume` from where the last one stopped (no OFFSET to skip).
  const rows = page
    ? sql
        .get(`SELECT ${columns} FROM tasks WHERE ${where} AND (created_at, id) > (?, ?) AND seq <= ? ORDER BY created_at, id LIMIT ?`)
        .raw()
        .all(page.after?.createdAt ?? Number.MIN_SAFE_INTEGER, page.after?.id ?? '', page.upToSeq, page.limit)
    : sql.get(`SELECT ${columns} FROM tasks WHERE ${where} ORDER BY created_at, id`).raw().all();
  const out: ResumeItem[] = [];
  for (const row of rows) {
    if (!Array.isArray(row) || typeof row[0] !== 'string') continue;
    const status = taskStatusSchema.safeParse(row[1]);
    out.push({ id: row[0], status: status.success ? status.data : 'unknown', needsPoll: row[2] === 1, createdAt: Number(row[3]) });
  }
  return out;
}

/** The highest row number (`seq`) in the table, 0 when empty: rows added later have higher ones. */
export function lastSeq(sql: StatementCache): number {
  const row = sql.get('SELECT max(seq) FROM tasks').raw().get();
  return Array.isArray(row) && typeof row[0] === 'number' ? row[0] : 0;
}

/** See TaskStore.anyAwaitingCallback. */
export function anyAwaitingCallback(sql: StatementCache): { profileId: string } | null {
  const row = sql
    .get(
      "SELECT profile_id FROM tasks WHERE active = 1 AND json_extract(internal_json, '$.callbackToken') IS NOT NULL LIMIT 1",
    )
    .raw()
    .get();
  return Array.isArray(row) && typeof row[0] === 'string' ? { profileId: row[0] } : null;
}

/** See TaskStore.idForCallbackToken. */
export function idForCallbackToken(sql: StatementCache, token: string): string | null {
  const row = sql
    .get(
      "SELECT id FROM tasks WHERE active = 1 AND json_extract(internal_json, '$.callbackToken') = ? LIMIT 1",
    )
    .raw()
    .get(token);
  return Array.isArray(row) && typeof row[0] === 'string' ? row[0] : null;
}

/** Non-terminal tasks whose next poll is due (`nextPollAt <= now`), soonest first, at most `limit`. */
export function due(sql: StatementCache, now: number, limit: number): TaskRecord[] {
  const q = `SELECT ${SELECT_LIST} FROM tasks WHERE polling = 1 AND next_poll_at <= ? ORDER BY next_poll_at, id LIMIT ?`;
  return toRecords(sql.get(q).all(now, Math.max(0, Math.trunc(limit))));
}

/** The ids of {@link due}, from the covering `tasks_due` index alone (no row is read or parsed). */
export function dueIds(sql: StatementCache, now: number, limit: number): string[] {
  const q = 'SELECT id FROM tasks WHERE polling = 1 AND next_poll_at <= ? ORDER BY next_poll_at, id LIMIT ?';
  const rows = sql.get(q).raw().all(now, Math.max(0, Math.trunc(limit)));
  return rows.flatMap((r) => (Array.isArray(r) && typeof r[0] === 'string' ? [r[0]] : []));
}

/** See TaskStore.recordsMediaFile. */
export function recordsMediaFile(sql: StatementCache, field: 'file' | 'thumbnail', rel: string): boolean {
  const q = `SELECT 1 FROM tasks WHERE instr(results_json, ?) > 0 AND EXISTS (SELECT 1 FROM json_each(tasks.results_json) r WHERE json_extract(r.value, '$.${field === 'file' ? 'file' : 'thumbnail'}') = ?) LIMIT 1`;
  return sql.get(q).get(JSON.stringify(rel), rel) !== undefined;
}

/** See TaskStore.heldBy. */
export function heldBy(sql: StatementCache, family: string, remoteId: string): string | null {
  const row = sql
    .get('SELECT id FROM tasks WHERE family = ? AND remote_id = ? LIMIT 1')
    .get(family, remoteId) as { id?: unknown } | undefined;
  return typeof row?.id === 'string' ? row.id : null;
}
