import type pg from 'pg';
import { z } from 'zod';
import type { TaskRecord } from '../../tasks/task-record';
import type { Lease, MediaRefs } from '../ports';
import { isOpen } from '../record-schema';

/** One holder's state write (see LibraryStore.write). */
export interface StateWrite {
  task: TaskRecord;
  lease: Lease;
  media: MediaRefs;
}

/**
 * Every write is fenced by its own row's epoch and owner: a holder that lost a task (slept past its lease,
 * another machine took over) matches no row, and its write is refused while the others of the same statement
 * land. A closed task gives its lease up in the same statement, and settles its spend to what the gateway
 * charged (the CTE sees the rows as they were before this statement gives the leases up, so it is fenced
 * alike). favourite and rejected are the users' (EditQueue): a holder's state write keeps the ledger's.
 * RETURNING names the rows written: a write whose task is absent from it was refused.
 *
 * The rows are locked first, all of them and in id order (`locked`, computed whole before the update reads a
 * row: an uncorrelated ARRAY() is an InitPlan), as the keeper's renewal locks them (PgLeaseCoordinator): two
 * statements of one machine on the same tasks in opposite orders deadlocked, and PostgreSQL aborted one of
 * them (in a team bench run, now and then a keeper round, a write when the machine was slow).
 */
const WRITE_SQL = `
WITH w AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS w(id text, epoch bigint, owner text, record jsonb, status text, open boolean, media jsonb, points numeric)
), locked AS (
  SELECT t.id FROM tasks t JOIN w ON w.id = t.id AND t.lease_epoch = w.epoch AND t.lease_owner = w.owner ORDER BY t.id FOR UPDATE OF t
), settled AS (
  UPDATE spend SET points = w.points, settled = true
    FROM w
   WHERE spend.task_id = w.id AND NOT w.open AND w.points IS NOT NULL
     AND EXISTS (SELECT 1 FROM tasks t WHERE t.id = w.id AND t.lease_epoch = w.epoch AND t.lease_owner = w.owner)
)
UPDATE tasks SET record = w.record || jsonb_build_object('favourite', tasks.record->'favourite', 'rejected', tasks.record->'rejected'),
       status = w.status, open = w.open, updated_at = now(), media = tasks.media || w.media, written_by = w.owner,
       lease_owner = CASE WHEN w.open THEN tasks.lease_owner ELSE NULL END,
       lease_until = CASE WHEN w.open THEN tasks.lease_until ELSE NULL END
  FROM w
 WHERE tasks.id = ANY (ARRAY(SELECT id FROM locked)) AND tasks.id = w.id AND tasks.lease_epoch = w.epoch AND tasks.lease_owner = w.owner
RETURNING tasks.id`;

const writtenRowSchema = z.object({ id: z.string() });

/** The most writes one statement carries. */
const MAX_BATCH = 64;

interface Waiting {
  write: StateWrite;
  resolve: (accepted: boolean) => void;
  reject: (e: unknown) => void;
}

/**
 * The holders' state writes, one statement at a time: writes asked for while a statement is out go together
 * as the next one (each with its own fence). The ledger serialises task writers at its change log anyway
 * (see migration 1's log_task_change), so one statement at a time loses no throughput, and a burst of tasks
 * (a queue sending several, polls answered together) costs one round trip instead of one per task. A write
 * with nothing in flight goes at once. Two writes of one task never share a statement: the later one waits
 * for the next, so the newer state is the one that stays.
 */
export class StateWrites {
  private waiting: Waiting[] = [];
  private sending = false;

  constructor(private readonly pool: pg.Pool) {}

  /** True when the ledger took the write, false when the fence refused it; throws when the statement failed. */
  write(write: StateWrite): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ write, resolve, reject });
      if (!this.sending) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.sending = true;
    try {
      while (this.waiting.length > 0) {
        const batch: Waiting[] = [];
        const later: Waiting[] = [];
        const ids = new Set<string>();
        for (const w of this.waiting) {
          if (batch.length < MAX_BATCH && !ids.has(w.write.task.id)) {
            ids.add(w.write.task.id);
            batch.push(w);
          } else later.push(w);
        }
        this.waiting = later;
        try {
          const written = await this.send(batch.map((w) => w.write));
          for (const w of batch) w.resolve(written.has(w.write.task.id));
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private async send(writes: StateWrite[]): Promise<Set<string>> {
    const rows = writes.map(({ task, lease, media }) => {
      const open = isOpen(task);
      return { id: task.id, epoch: lease.epoch, owner: lease.owner, record: task, status: task.status, open, media, points: open ? null : task.points };
    });
    const r = await this.pool.query(WRITE_SQL, [JSON.stringify(rows)]);
    return new Set(r.rows.map((row) => writtenRowSchema.parse(row).id));
  }
}
