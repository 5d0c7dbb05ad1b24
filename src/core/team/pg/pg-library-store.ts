import type pg from 'pg';
import { z } from 'zod';
import type { TaskRecord } from '../../tasks/task-record';
import { BudgetExceeded, type Budget, type Lease, type LibraryStore, type MediaRefs, type MemberSpend, type Reservation } from '../ports';
import { isOpen, parseTaskRecord } from '../record-schema';
import { inTransaction, leaseOf, leaseRowSchema } from './pg-util';

const spendRowSchema = z.object({ member: z.string(), day: z.string(), points: z.coerce.number(), tasks: z.coerce.number() });

/** The shared ledger in PostgreSQL (see ./migrations.ts). Lease times come from the server's clock. */
export class PgLibraryStore implements LibraryStore {
  /** Members this store has made sure of (the row spend and tasks name), so a reservation adds them once. */
  private readonly members = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly leaseMs: number,
  ) {}

  async reserveAndInsert({ task, member, points, owner, boardId = null }: Reservation): Promise<Lease> {
    if (!(points >= 0)) throw new Error('a reservation is a non-negative number of points');
    const lease = await inTransaction(this.pool, async (c) => {
      // Every reserver queues on the one budget row, so each sees the spend the previous one committed
      // (READ COMMITTED takes a fresh snapshot per statement): two machines cannot both pass the last points.
      const cap = z.object({ daily_cap: z.coerce.number().nullable() }).parse((await c.query('SELECT daily_cap FROM budget WHERE id = 1 FOR UPDATE')).rows[0]);
      if (!this.members.has(member)) await c.query('INSERT INTO members (name) VALUES ($1) ON CONFLICT DO NOTHING', [member]);
      // After the lock, in a statement of its own (a fresh snapshot): the spend and the member's cap at once.
      const used = z
        .object({ team: z.coerce.number(), mine: z.coerce.number(), member_cap: z.coerce.number().nullable() })
        .parse(
          (
            await c.query(
              `SELECT coalesce(sum(points), 0) AS team, coalesce(sum(points) FILTER (WHERE member = $1), 0) AS mine,
                      (SELECT daily_cap FROM member_caps WHERE member = $1) AS member_cap
                 FROM spend WHERE day = (now() AT TIME ZONE 'utc')::date`,
              [member],
            )
          ).rows[0],
        );
      if (cap.daily_cap !== null && used.team + points > cap.daily_cap) throw new BudgetExceeded('team', cap.daily_cap, used.team, points);
      if (used.member_cap !== null && used.mine + points > used.member_cap) throw new BudgetExceeded('member', used.member_cap, used.mine, points);
      // The task and its spend in one statement (one round trip; both or neither, as the transaction says).
      const inserted = await c.query(
        `WITH task AS (
           INSERT INTO tasks (id, member, status, open, record, board_id, lease_owner, lease_until, lease_epoch, written_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::float8 / 1000), 1, $7)
           RETURNING id AS task_id, lease_owner, lease_epoch, lease_until
         ), spent AS (
           INSERT INTO spend (task_id, member, day, board_id, points)
           SELECT task_id, $2, (now() AT TIME ZONE 'utc')::date, $6, $9 FROM task
         )
         SELECT * FROM task`,
        [task.id, member, task.status, isOpen(task), JSON.stringify(task), boardId, owner, this.leaseMs, points],
      );
      return leaseOf(leaseRowSchema.parse(inserted.rows[0]));
    });
    this.members.add(member); // committed: the member's row exists
    return lease;
  }

  async write(task: TaskRecord, lease: Lease, media: MediaRefs = {}): Promise<boolean> {
    const open = isOpen(task);
    // The epoch is the fence: a holder that lost its lease (slept past it, another machine took over) matches
    // no row. A closed task gives its lease up in the same statement.
    const r = await this.pool.query(
      // favourite and rejected are the users' (EditQueue): a holder's state write keeps the ledger's.
      `UPDATE tasks SET record = $3::jsonb || jsonb_build_object('favourite', record->'favourite', 'rejected', record->'rejected'), status = $4, open = $5, updated_at = now(), media = media || $7::jsonb, written_by = $6,
              lease_owner = CASE WHEN $5 THEN lease_owner ELSE NULL END,
              lease_until = CASE WHEN $5 THEN lease_until ELSE NULL END
        WHERE id = $1 AND lease_epoch = $2 AND lease_owner = $6`,
      [task.id, lease.epoch, JSON.stringify(task), task.status, open, lease.owner, JSON.stringify(media)],
    );
    return r.rowCount === 1;
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
