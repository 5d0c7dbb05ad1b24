import type { TaskStore } from '../../db/task-store';
import type { TaskRecord } from '../../tasks/task-record';
import { atomically } from '../../db/transaction';
import { BudgetExceeded, type Budget, type Lease, type LibraryStore, type MemberSpend, type Reservation } from '../ports';

const DAY_MS = 86_400_000;

/**
 * Solo mode's ledger: today's SQLite task store. One member, one machine: a lease is always current. The
 * day's spend is the points on the day's tasks (a reservation is written as the task's points until the
 * gateway says what it charged), so the cap holds across restarts without a table of its own.
 */
export class SoloLibraryStore implements LibraryStore {
  private budget: Budget = { dailyCap: null, memberCaps: {} };

  constructor(
    private readonly store: TaskStore,
    private readonly member: string,
    private readonly now: () => number = Date.now,
  ) {}

  async reserveAndInsert({ task, member, points, owner }: Reservation): Promise<Lease> {
    const dayStart = Math.floor(this.now() / DAY_MS) * DAY_MS;
    atomically(this.store.db, 'write', () => {
      const row = this.store.db.prepare('SELECT coalesce(sum(points), 0) AS used FROM tasks WHERE created_at >= ?').get(dayStart) as { used: number };
      const cap = this.budget.dailyCap;
      if (cap !== null && row.used + points > cap) throw new BudgetExceeded('team', cap, row.used, points);
      const memberCap = this.budget.memberCaps[member];
      if (memberCap !== undefined && row.used + points > memberCap) throw new BudgetExceeded('member', memberCap, row.used, points);
      this.store.insert({ ...task, points: task.points ?? points });
    });
    return { taskId: task.id, owner, epoch: 1, until: Number.POSITIVE_INFINITY };
  }

  async write(task: TaskRecord, _lease: Lease): Promise<boolean> {
    return this.store.update(task.id, task) !== null;
  }

  async get(id: string): Promise<TaskRecord | null> {
    return this.store.get(id);
  }

  async memberOf(id: string): Promise<string | null> {
    return this.store.get(id) ? this.member : null;
  }

  async settle(taskId: string, points: number): Promise<boolean> {
    return this.store.update(taskId, { points }) !== null;
  }

  async setBudget(budget: Budget): Promise<void> {
    this.budget = { dailyCap: budget.dailyCap, memberCaps: { ...budget.memberCaps } };
  }

  async getBudget(): Promise<Budget> {
    return this.budget;
  }

  async spendByMember(): Promise<MemberSpend[]> {
    const rows = this.store.db
      .prepare(
        `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, coalesce(sum(points), 0) AS points, count(*) AS tasks
           FROM tasks GROUP BY day ORDER BY day DESC`,
      )
      .all() as { day: string; points: number; tasks: number }[];
    return rows.map((r) => ({ member: this.member, day: r.day, points: r.points, tasks: r.tasks }));
  }
}
