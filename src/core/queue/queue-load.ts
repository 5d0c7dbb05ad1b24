import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'libsql';
import { fromRow } from '../db/task-row';
import type { TaskRecord } from '../tasks/task-record';

/** Rows read per turn of the event loop while the queue loads (a few milliseconds of work). */
export const QUEUE_PAGE = 500;

/**
 * Reads the tasks the queue keeps (waiting, or holding a slot), oldest first, a page per turn of the event
 * loop, so a start with a hundred thousand tasks at the gateway answers meanwhile. Only the columns the
 * queue keeps (the queue data of waiting tasks): a whole record per task cost about 0.2 ms each (issue 31).
 * False when `halted` said to leave off before the last page.
 */
export async function loadQueueRows(
  db: Database.Database,
  each: (task: TaskRecord) => void,
  halted: () => boolean,
): Promise<boolean> {
  const page = db.prepare(
    `SELECT id, profile_id, status, remote_id, operation_id, family, model, substr(prompt, 1, 300) AS prompt, batch_id,
            created_at, submitted_at, expected_ms, updated_at, CASE WHEN status = 'waiting' THEN internal_json END AS internal_json
       FROM tasks WHERE active = 1 AND (status IN ('waiting', 'submitting', 'queued', 'running') OR (status = 'unknown' AND remote_id IS NOT NULL))
        AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?`,
  );
  // From where the last page stopped, by the `tasks_active` index (no OFFSET to skip).
  // The key is the row's own (created_at, id) as stored, never the record's: a damaged row reads with
  // defaults (created_at 0), and a key taken from those would send the next page back to the start.
  let after: unknown[] = [Number.MIN_SAFE_INTEGER, ''];
  for (;;) {
    await nextTurn();
    if (halted()) return false;
    const rows = page.all(...after, QUEUE_PAGE);
    for (const row of rows) {
      const task = fromRow(row);
      if (task) each(task);
    }
    const last: unknown = rows.at(-1);
    if (rows.length < QUEUE_PAGE || typeof last !== 'object' || last === null) return true;
    after = [(last as Record<string, unknown>).created_at, (last as Record<string, unknown>).id];
  }
}
