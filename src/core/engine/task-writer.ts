import { BridgeError } from '../../shared/bridge/result';
import type { TaskSummary } from '../../shared/domain/task';
import type { TaskStore } from '../db/task-store';
import type { CoreEvents } from '../events';
import type { Clock } from '../ports';
import { toSummary, type TaskRecord } from '../tasks/task-record';
import { PollBook, type Bookkeeping } from './poll-book';
import { scrubPatch } from './scrub-patch';
import { isDiskFull, WriteGuard } from './write-guard';

export interface TaskWriterDeps {
  store: TaskStore;
  events: CoreEvents;
  clock: Clock;
  dataDir: string;
  /** Every key this process knows (active, replaced, demo): what the one scrub removes. */
  secrets: () => readonly string[];
  /** Between flushes of poll bookkeeping (ms). */
  bookFlushMs: () => number;
  /** The disk filled up (true) or has room again (false): core shows or clears its notice. */
  onDiskFull?: (full: boolean) => void;
  logError: (message: string, error: string) => void;
}

/**
 * The only code that changes a task row. "The task" is the stored row with two overlays: what a full disk
 * held back (WriteGuard) and poll bookkeeping not flushed yet (PollBook); {@link get} reads through both.
 * Every patch is scrubbed of keys here and told to the renderer as `taskChanged`; after the store closes,
 * nothing is written (libsql aborts the process on a closed database).
 */
export class TaskWriter {
  private readonly guard: WriteGuard;
  private readonly book: PollBook;

  constructor(private readonly deps: TaskWriterDeps) {
    this.guard = new WriteGuard(deps.store, deps.dataDir, (full) => deps.onDiskFull?.(full));
    this.book = new PollBook({
      flushMs: deps.bookFlushMs,
      active: () => !deps.store.closed,
      commit: (entries) =>
        deps.store.transaction(() => entries.forEach(([id, p]) => deps.store.update(id, p))),
      onDiskFull: (id, patch) => void this.guard.write(id, patch),
      logError: deps.logError,
    });
  }

  /** The task as core knows it (stored row, anything a full disk held back, bookkeeping in memory). */
  get(id: string): TaskRecord | null {
    return this.deps.store.closed ? null : this.book.overlay(this.guard.get(id));
  }

  require(id: string): TaskRecord {
    const task = this.get(id);
    if (!task) throw new BridgeError('not_found', 'This task no longer exists.');
    return task;
  }

  /** The bridge's view of a task; a task a full disk holds in memory says so in its error. */
  summary(task: TaskRecord): TaskSummary {
    const s = toSummary(task);
    if (!this.guard.unsaved(task.id)) return s;
    const kept = task.remoteId
      ? ` Its gateway id ${task.remoteId} is kept in memory`
      : ' Its state is kept in memory';
    return { ...s, error: `Disk full: free space to continue.${kept} and saved as soon as there is room.` };
  }

  /** Writes `change` now (with the bookkeeping kept for the task; the change wins), then tells the renderer. */
  write(id: string, change: Partial<TaskRecord>): TaskRecord | null {
    if (this.deps.store.closed) return null;
    const kept = this.book.take(id);
    const patch = kept ? { ...kept, ...change } : change;
    const next = this.guard.write(id, this.scrub(patch));
    if (next) this.deps.events.emit('taskChanged', this.summary(next));
    return next;
  }

  /** A poll that changed only bookkeeping: kept in memory (see PollBook), told to the renderer at once. */
  keep(id: string, patch: Bookkeeping): TaskRecord | null {
    if (this.deps.store.closed) return null;
    this.book.keep(id, this.scrub(patch) as Bookkeeping);
    const next = this.get(id);
    if (next) this.deps.events.emit('taskChanged', this.summary(next));
    this.book.flushSoon();
    return next;
  }

  /** A new task's row (before anything is sent). */
  insert(record: TaskRecord): void {
    try {
      this.deps.store.insert(record);
    } catch (e) {
      if (isDiskFull(e))
        throw new BridgeError('internal', 'Disk full: free space to continue. Nothing was sent.');
      throw e;
    }
    this.deps.events.emit('taskChanged', toSummary(record));
  }

  remove(id: string): void {
    this.deps.store.delete(id);
    this.deps.events.emit('taskRemoved', { id });
  }

  /**
   * A task row as the team's ledger has it (another machine's task, or one this machine takes over): stored
   * whole (inserted when this cache has not seen it), with its own `updatedAt`. The ledger's state wins over
   * poll bookkeeping kept here (dropped) and over what a full disk held back (overwritten), so {@link get}
   * and the row agree; scrubbed and told to the renderer like any write.
   */
  applyReplica(record: TaskRecord): TaskRecord | null {
    if (this.deps.store.closed) return null;
    this.book.take(record.id);
    const row = { ...record, ...scrubPatch(record, this.deps.secrets()) };
    if (!this.guard.get(record.id)) this.deps.store.insert(row);
    const next = this.guard.write(record.id, row);
    if (next) this.deps.events.emit('taskChanged', this.summary(next));
    return next;
  }

  /** The user's marks on a task (favourite, rejected): not the lifecycle's business, but written here. */
  mark(id: string, marks: { favourite?: boolean; rejected?: boolean }): TaskRecord | null {
    if (!this.get(id)) return null;
    return this.write(id, marks);
  }

  /**
   * A thumbnail made for result `index`: recorded quietly (the gallery asked for it and is showing it; an
   * event would make every tile ask again) and without moving `updatedAt`.
   */
  recordThumbnail(id: string, index: number, file: string): void {
    const task = this.get(id);
    if (!task) return;
    this.guard.write(id, {
      results: task.results.map((r) => (r.index === index ? { ...r, thumbnail: file } : r)),
      updatedAt: task.updatedAt,
    });
  }

  /** A download's progress: told to the renderer, never written (the file's state is, when it changes). */
  progressed(id: string, index: number, received: number, total: number | null): void {
    this.deps.events.emit('downloadProgressed', { id, index, received, total });
  }

  // ---- the poll book and the full disk ---------------------------------------------------------

  /** Of the store's due ids, those memory does not hold for later. */
  dueOf(ids: readonly string[], now: number): string[] {
    return this.book.dueOf(ids, now);
  }

  /** Tasks whose bookkeeping waits in memory (the scheduler over-reads the due query by this many). */
  get keptCount(): number {
    return this.book.size;
  }

  /** Writes the poll bookkeeping kept in memory now (at stop). */
  flushBook(): void {
    this.book.flushNow();
  }

  get diskFull(): boolean {
    return this.guard.full;
  }

  /** The wait before the next try to save what a full disk held back. */
  diskRetryDelay(baseMs: number, maxMs: number): number {
    return this.guard.retryDelay(baseMs, maxMs);
  }

  /** Saves what a full disk held back: the tasks whose downloads it stopped (to restart), or null while still full. */
  recoverFromDiskFull(): string[] | null {
    const saved = this.guard.flush();
    if (!saved) return null;
    for (const id of saved) {
      const task = this.get(id);
      if (task) this.deps.events.emit('taskChanged', toSummary(task));
    }
    const stopped = [...this.guard.stoppedDownloads];
    this.guard.stoppedDownloads.clear();
    return stopped;
  }

  private scrub(patch: Partial<TaskRecord>): Partial<TaskRecord> {
    return scrubPatch({ ...patch, updatedAt: this.deps.clock.now() }, this.deps.secrets());
  }
}
