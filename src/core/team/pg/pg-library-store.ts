import type pg from 'pg';
import { z } from 'zod';
import type { TaskRecord } from '../../tasks/task-record';
import { BudgetExceeded, type Budget, type Lease, type LibraryStore, type MediaRefs, type MemberSpend, type Reservation } from '../ports';
import { isOpen, parseTaskRecord } from '../record-schema';
import { inTransaction, leaseOf } from './pg-util';
import { StateWrites } from './state-writes';

const reservedRowSchema = z.object({
  refused: z.enum(['team', 'member']).nullable(),
  cap: z.coerce.number().nullable(),
  used: z.coerce.number().nullable(),
  held_by: z.string().nullable(),
  held_epoch: z.coerce.number().int().nullable(),
  held_until: z.date().nullable(),
});
const spendRowSchema = z.object({ member: z.string(), day: z.string(), points: z.coerce.number(), tasks: z.coerce.number() });

/** The shared ledger in PostgreSQL (see ./migrations.ts). Lease times come from the server's clock. */
export class PgLibraryStore implements LibraryStore {
  private readonly writes: StateWrites;

  constructor(
    private readonly pool: pg.Pool,
    private readonly leaseMs: number,
  ) {
    this.writes = new StateWrites(pool);
  }

  async reserveAndInsert({ task, member, points, owner, boardId = null }: Reservation): Promise<Lease> {
    if (!(points >= 0)) throw new Error('a reservation is a non-negative number of points');
    // One call (migration 3's reserve_task): the budget lock, the caps, the task and its spend, committed together.
    const r = await this.pool.query('SELECT * FROM reserve_task($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
      task.id,
      member,
      task.status,
      isOpen(task),
      JSON.stringify(task),
      boardId,
      owner,
      this.leaseMs,
      points,
    ]);
    const row = reservedRowSchema.parse(r.rows[0]);
    if (row.refused !== null) throw new BudgetExceeded(row.refused, row.cap ?? 0, row.used ?? 0, points);
    if (row.held_by === null || row.held_epoch === null || row.held_until === null) throw new Error(`task ${task.id}: the ledger answered no lease`);
    return leaseOf({ task_id: task.id, lease_owner: row.held_by, lease_epoch: row.held_epoch, lease_until: row.held_until });
  }

  /** Fenced by the lease's epoch; writes asked for together go as one statement (see StateWrites). */
  write(task: TaskRecord, lease: Lease, media: MediaRefs = {}): Promise<boolean> {
    return this.writes.write({ task, lease, media });
  }

  async get(id: string): Promise<TaskRecord | null> {
    const r = await this.pool.query<{ record: unknown }>('SELECT record FROM tasks WHERE id = $1', [id]);
    const row = r.rows[0];
    return row ? parseTaskRecord(row.record) : null;
  }

  async memberOf(id: string): Promise<string | null> {
    const r = await this.pool.query<{ member: string }>('SELECT member FROM tasks WHERE id = $1', [id]);
    return r.rows[0]?.member ?? null;
  }

  async settle(taskId: string, points: number, lease: Lease): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE spend SET points = $2, settled = true
        WHERE task_id = $1 AND EXISTS (SELECT 1 FROM tasks WHERE id = $1 AND lease_epoch = $3 AND lease_owner = $4)`,
      [taskId, points, lease.epoch, lease.owner],
    );
    return r.rowCount === 1;
  }

  async setBudget(budget: Budget): Promise<void> {
    await inTransaction(this.pool, async (c) => {
      await c.query('UPDATE budget SET daily_cap = $1 WHERE id = 1', [budget.dailyCap]);
      await c.query('DELETE FROM member_caps');
      for (const [member, cap] of Object.entries(budget.memberCaps))
        await c.query('INSERT INTO member_caps (member, daily_cap) VALUES ($1, $2)', [member, cap]);
    });
  }

  async getBudget(): Promise<Budget> {
    const cap = (await this.pool.query<{ daily_cap: string | null }>('SELECT daily_cap FROM budget WHERE id = 1')).rows[0];
    const members = (await this.pool.query<{ member: string; daily_cap: string }>('SELECT member, daily_cap FROM member_caps')).rows;
    return {
      dailyCap: cap?.daily_cap == null ? null : Number(cap.daily_cap),
      memberCaps: Object.fromEntries(members.map((m) => [m.member, Number(m.daily_cap)])),
    };
  }

  async spendByMember(): Promise<MemberSpend[]> {
    const r = await this.pool.query(
      `SELECT member, to_char(day, 'YYYY-MM-DD') AS day, sum(points) AS points, count(*) AS tasks
         FROM spend GROUP BY member, day ORDER BY day DESC, member`,
    );
    return r.rows.map((row) => spendRowSchema.parse(row));
  }
}
