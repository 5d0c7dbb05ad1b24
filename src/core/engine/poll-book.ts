import { errorMessage } from '../../shared/error-message';
import type { TaskRecord } from '../tasks/task-record';
import { isDiskFull } from './write-guard';

/** Where a {@link PollBook} writes, and when. */
export interface BookWriter {
  /** Between flushes (ms). */
  flushMs(): number;
  /** False once the engine stops: no flush is scheduled any more. */
  active(): boolean;
  /** Writes every entry in one transaction, or throws. */
  commit(entries: readonly (readonly [string, Bookkeeping])[]): void;
  /** On a full disk, each entry is handed here (the write guard keeps it and saves it when there is room). */
  onDiskFull(id: string, patch: Bookkeeping): void;
  logError(message: string, error: string): void;
}

/** What a poll that changed nothing but bookkeeping may set: never a status, result, error or event. */
export type Bookkeeping = Pick<
  Partial<TaskRecord>,
  'rawStatus' | 'progress' | 'points' | 'lastRawResponse' | 'rateLimitedUntil' | 'internal' | 'updatedAt'
>;

const BOOKKEEPING_KEYS: ReadonlySet<string> = new Set<keyof Bookkeeping>([
  'rawStatus',
  'progress',
  'points',
  'lastRawResponse',
  'rateLimitedUntil',
  'internal',
  'updatedAt',
]);

/**
 * True when `patch` only moves a task's poll bookkeeping on (next poll time, poll count, progress, the raw
 * answer): the task's status stays, and no result, error, finish time or event comes with it.
 */
export function isBookkeeping(patch: Partial<TaskRecord>, current: TaskRecord): patch is Bookkeeping {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || BOOKKEEPING_KEYS.has(key)) continue;
    if (key === 'status' && value === current.status) continue;
    if (key === 'error' && value === current.error) continue;
    return false;
  }
  return true;
}

/**
 * Poll bookkeeping kept in memory and written every few seconds in one transaction (issue 16): a poll that
 * only learns "not yet" costs no row rewrite. State transitions and results never come here; they are
 * written at once by the engine, which also takes what is kept here for that task into the same write.
 *
 * After a crash the stored bookkeeping is at most one flush old: the task is polled a little earlier than
 * planned, with a lower poll count, which the schedule tolerates. Nothing a user sees as a state is lost.
 */
export class PollBook {
  readonly #kept = new Map<string, Bookkeeping>();
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly writer?: BookWriter) {}

  get size(): number {
    return this.#kept.size;
  }

  /** Keeps `patch` for `id`, on top of what is kept already (`internal` is replaced whole, as in the store). */
  keep(id: string, patch: Bookkeeping): void {
    const before = this.#kept.get(id);
    this.#kept.set(id, before ? { ...before, ...patch } : patch);
  }

  /** The task with what is kept for it on top (null stays null). */
  overlay(task: TaskRecord | null): TaskRecord | null {
    if (task === null) return null;
    const kept = this.#kept.get(task.id);
    return kept ? { ...task, ...kept, id: task.id } : task;
  }

  /** When the task's next poll is due as far as memory knows, or undefined when nothing is kept for it. */
  nextPollAt(id: string): number | null | undefined {
    return this.#kept.get(id)?.internal?.nextPollAt;
  }

  /** Removes and returns what is kept for `id` (its next write carries it). */
  take(id: string): Bookkeeping | undefined {
    const kept = this.#kept.get(id);
    this.#kept.delete(id);
    return kept;
  }

  /**
   * Writes everything kept: `commit` gets every entry and writes them all or throws (the caller runs one
   * transaction). Entries are forgotten only after it returns, and only if nothing newer was kept meanwhile.
   */
  flush(commit: (entries: readonly (readonly [string, Bookkeeping])[]) => void): void {
    if (this.#kept.size === 0) return;
    const entries = [...this.#kept];
    commit(entries);
    for (const [id, patch] of entries) if (this.#kept.get(id) === patch) this.#kept.delete(id);
  }

  /** Ids from the store's due query that are due as far as memory knows too (it may have moved them later). */
  dueOf(ids: readonly string[], now: number): string[] {
    return ids.filter((id) => {
      const at = this.nextPollAt(id);
      return at === undefined || (at !== null && at <= now);
    });
  }

  /** Schedules a flush in `flushMs` unless one is pending. */
  flushSoon(): void {
    if (this.#timer || !this.writer?.active()) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.flushNow();
    }, this.writer.flushMs());
    this.#timer.unref?.();
  }

  /** Writes what is kept now (and cancels the pending flush): on a full disk, through `onDiskFull`. */
  flushNow(): void {
    const w = this.writer;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (!w) return;
    try {
      this.flush((entries) => w.commit(entries));
    } catch (e) {
      if (isDiskFull(e)) this.flush((entries) => entries.forEach(([id, patch]) => w.onDiskFull(id, patch)));
      else {
        w.logError('poll bookkeeping not saved', errorMessage(e));
        this.flushSoon();
      }
    }
  }
}
