import pg from 'pg';
import type { TaskStore } from '../db/task-store';
import type { TaskWriter } from '../engine/task-writer';
import { withEvent } from '../engine/record-factory';
import type { Logger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';
import { BudgetExceeded } from './ports';

/** Shown on a task that waits for its reservation (its raw status, and once in its log). */
export const WAITING_FOR_LEDGER = 'Waiting for the team database: reserved, then sent, when it is back';

/**
 * Whether a failed reservation means "the database is away" (retry later) rather than "it said no": no answer
 * at all (refused, reset, timed out), or the server's connection and shutdown errors (SQLSTATE classes 08
 * and 57). A constraint or syntax error is an answer, and is not retried.
 */
export function ledgerUnreachable(e: unknown): boolean {
  if (e instanceof BudgetExceeded) return false;
  if (e instanceof pg.DatabaseError) return /^(08|57)/.test(e.code ?? '');
  return true;
}

export interface OfflineReservationsDeps {
  /** Read only (which tasks wait); every change goes through the writer. */
  store: Pick<TaskStore, 'db'>;
  /** Core's one writer (it tells the gallery). */
  writer: Pick<TaskWriter, 'get' | 'write'>;
  /** The ledger's reservation (budget and insert in one transaction; the lease becomes this machine's). */
  reserve: (record: TaskRecord) => Promise<void>;
  /** Lets the queue look again (a reserved task may be sent now). */
  pump: () => void;
  now: () => number;
  log: Logger;
}

/**
 * Issue 29, "Offline": a Generate while the team database is away is not refused. The task waits here, in
 * the local queue (`waiting`, saying why), holding no lease, so the queue cannot send it: a task is never
 * sent without a reservation. When the database is back the waiting tasks are reserved in the order they were
 * made, then the queue sends them. A reservation the budget refuses then fails the task (nothing was sent).
 */
export class OfflineReservations {
  /** Task ids in the order they were made. */
  private readonly parked = new Set<string>();
  private replaying: Promise<void> | null = null;

  constructor(private readonly deps: OfflineReservationsDeps) {}

  get size(): number {
    return this.parked.size;
  }

  /** Keeps a new task waiting for its reservation, saying so on the task. */
  park(record: TaskRecord): void {
    this.parked.add(record.id);
    this.mark(record.id, (t) => ({ rawStatus: WAITING_FOR_LEDGER, events: withEvent(t, WAITING_FOR_LEDGER.toLowerCase(), this.deps.now()) }));
  }

  /**
   * After a restart: local waiting tasks the ledger has never seen were parked when the app stopped (a task
   * from another machine comes from the ledger, so it is there). `known` answers which ids the ledger has.
   */
  async recover(known: (ids: string[]) => Promise<Set<string>>): Promise<void> {
    const rows = this.deps.store.db.prepare(`SELECT id FROM tasks WHERE active = 1 AND status = 'waiting' ORDER BY created_at, id`).all() as { id: string }[];
    const waiting = rows.map((r) => r.id);
    if (waiting.length === 0) return;
    const inLedger = await known(waiting);
    for (const id of waiting) if (!inLedger.has(id)) this.parked.add(id);
  }

  /** Reserves the parked tasks in order; stops at the first that still cannot reach the database. */
  replay(): Promise<void> {
    this.replaying ??= this.run().finally(() => (this.replaying = null));
    return this.replaying;
  }

  private async run(): Promise<void> {
    let reserved = 0;
    for (const id of [...this.parked]) {
      const record = this.deps.writer.get(id);
      if (!record || record.status !== 'waiting') {
        this.parked.delete(id); // cancelled or deleted meanwhile: nothing to reserve
        continue;
      }
      try {
        await this.deps.reserve(record);
      } catch (e) {
        if (ledgerUnreachable(e)) break;
        this.parked.delete(id);
        const message = e instanceof Error ? e.message : String(e);
        this.mark(id, (t) => ({ status: 'failed', rawStatus: null, error: message, events: withEvent(t, `not reserved: ${message}`, this.deps.now()) }));
        continue;
      }
      this.parked.delete(id);
      reserved++;
      this.mark(id, (t) => ({ rawStatus: null, events: withEvent(t, 'reserved in the team database', this.deps.now()) }));
    }
    if (reserved > 0) {
      this.deps.log.info('team: tasks made while the database was away are reserved', { reserved });
      this.deps.pump();
    }
  }

  private mark(id: string, patch: (t: TaskRecord) => Partial<TaskRecord>): void {
    const current = this.deps.writer.get(id);
    if (current) this.deps.writer.write(id, patch(current));
  }
}
