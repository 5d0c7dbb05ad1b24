import type pg from 'pg';
import type { Logger } from '../ports';

/** A user's edit of a task's shared flags (a favourite, a rejection in Compare). */
export interface FlagEdit {
  taskId: string;
  field: 'favourite' | 'rejected';
  value: boolean;
}

/**
 * Edits made on this machine to tasks it does not work (closed ones, or another machine's), sent to the
 * ledger in the order they were made. Offline, they wait here and are replayed in order when the database is
 * back. Conflict rule: per task and field, the last edit to reach the ledger wins; a lease holder's state
 * writes never carry these flags (see PgLibraryStore.write), so an edit is not undone by a poll.
 */
export class EditQueue {
  private readonly queue: FlagEdit[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly machine: string,
    private readonly log: Logger,
  ) {}

  push(edit: FlagEdit): void {
    this.queue.push(edit);
    void this.flush();
  }

  /** The value this machine's latest unsent edit gives the field, if any: it wins over what the ledger says now. */
  pending(taskId: string, field: FlagEdit['field']): boolean | undefined {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const e = this.queue[i];
      if (e && e.taskId === taskId && e.field === field) return e.value;
    }
    return undefined;
  }

  get size(): number {
    return this.queue.length;
  }

  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async send(): Promise<void> {
    while (this.queue.length > 0) {
      const edit = this.queue[0];
      if (!edit) return;
      try {
        await this.pool.query(`UPDATE tasks SET record = jsonb_set(record, ARRAY[$2::text], to_jsonb($3::boolean)), written_by = $4 WHERE id = $1`, [edit.taskId, edit.field, edit.value, this.machine]);
      } catch (e) {
        this.log.warn('team: an edit waits for the team database', { task: edit.taskId, error: e instanceof Error ? e.message : String(e) });
        return;
      }
      this.queue.shift();
    }
  }
}
