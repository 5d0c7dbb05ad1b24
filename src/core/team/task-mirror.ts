import { join } from 'node:path';
import type { TaskStore } from '../db/task-store';
import type { Logger } from '../ports';
import type { HeldLeases } from './held-leases';
import type { LibraryStore, MediaStore } from './ports';
import { isOpen } from './record-schema';
import type { TaskRecord } from '../tasks/task-record';
import { readAndHash } from './media/hash-file';

export interface TaskMirrorDeps {
  store: TaskStore;
  library: LibraryStore;
  media: MediaStore;
  held: HeldLeases;
  libraryDir: () => string;
  log: Logger;
  /** The ledger refused a write: another machine holds the task now (its state is fetched back). */
  onLost: (taskId: string) => void;
  /** How long a change nothing urgent rides on waits for the next one, so both go as one write (default 150 ms). */
  coalesceMs?: number;
  /**
   * The same wait while the task downloads its results (default: as coalesceMs). Longer, a download that ends
   * within it is never written on its own (the closing write carries it), at the price of other machines
   * showing the download that much later. 600 ms saved no write in the team bench (40 downloads share 4
   * slots, so most wait longer than that) and moved its propagation p95 from 165 to 614 ms.
   */
  downloadCoalesceMs?: number;
}

export const DEFAULT_COALESCE_MS = 150;
export const DEFAULT_DOWNLOAD_COALESCE_MS = DEFAULT_COALESCE_MS;

/**
 * The writer hook: every change the engine makes to a task this machine holds is copied into the ledger,
 * fenced by the lease's epoch. Changes of one task are written one at a time, newest state last (a burst
 * becomes one write). A result file is stored in the media store before the write that names it, so a
 * machine told of the write can always fetch the file. A write the ledger could not take (offline) is kept
 * and tried again by `retry`.
 *
 * Writes that crash safety rests on go at once: the request going out (send phase), the gateway's id, closing
 * the task. Any other change (the queue handing the task to a sender, a poll's news) waits up to `coalesceMs`
 * for the next change, and they go as one write; while the task downloads, up to `downloadCoalesceMs`. A
 * machine taking over meanwhile sees an earlier state that is handled the same way (a waiting or polled task,
 * see TeamSession.adopt: a task the ledger still shows running is polled, found done and downloaded).
 */
/** The task as others need it: without the poll bookkeeping and the time of the last write. */
function fingerprint(task: TaskRecord, media: Record<string, string>): string {
  return JSON.stringify([{ ...task, updatedAt: 0, internal: { ...task.internal, nextPollAt: null, pollCount: 0 } }, media]);
}

/** What a takeover decides by (see TeamSession.adopt): a change to any of these is written at once. */
function landmarks(task: TaskRecord): string {
  return JSON.stringify([isOpen(task), task.remoteId, task.internal.sendPhase]);
}

export class TaskMirror {
  private readonly writing = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  private readonly failed = new Set<string>();
  /** `<task>/<index>` → sha256 of the file as stored (hashed once: a finished file does not change). */
  private readonly stored = new Map<string, string>();
  /** What each task's last accepted write said, bookkeeping aside (see fingerprint). */
  private readonly written = new Map<string, string>();
  /** The landmarks (see landmarks()) of each task's last accepted write. */
  private readonly marks = new Map<string, string>();
  /** Writes waiting for a next change to go with (see coalesceMs), and when each goes at the latest. */
  private readonly deferred = new Map<string, { timer: NodeJS.Timeout; due: number }>();

  constructor(private readonly deps: TaskMirrorDeps) {}

  /** The reservation inserted this record: later changes are weighed against it (see schedule). */
  inserted(task: TaskRecord): void {
    this.marks.set(task.id, landmarks(task));
  }

  schedule(taskId: string): void {
    if (this.writing.has(taskId)) {
      this.dirty.add(taskId);
      return;
    }
    const task = this.deps.store.get(taskId);
    if (!task || this.marks.get(taskId) !== landmarks(task)) return this.start(taskId);
    const wait = task.status === 'downloading' ? (this.deps.downloadCoalesceMs ?? DEFAULT_DOWNLOAD_COALESCE_MS) : (this.deps.coalesceMs ?? DEFAULT_COALESCE_MS);
    const due = Date.now() + wait;
    const pending = this.deferred.get(taskId);
    if (pending && pending.due <= due) return; // that timer writes the newest state, soon enough
    clearTimeout(pending?.timer);
    const timer = setTimeout(() => this.start(taskId), wait);
    timer.unref?.();
    this.deferred.set(taskId, { timer, due });
  }

  private start(taskId: string): void {
    clearTimeout(this.deferred.get(taskId)?.timer);
    this.deferred.delete(taskId);
    const work = this.write(taskId).finally(() => {
      this.writing.delete(taskId);
      if (this.dirty.delete(taskId)) this.schedule(taskId);
    });
    this.writing.set(taskId, work);
  }

  /** Writes that failed (the ledger was unreachable) are sent again, in the order of their tasks' changes. */
  retry(): void {
    for (const id of [...this.failed]) {
      this.failed.delete(id);
      this.schedule(id);
    }
  }

  /** Tasks whose last write is kept to weigh the next one: the open ones held here, not every task ever written. */
  get remembered(): number {
    return new Set([...this.written.keys(), ...this.marks.keys()]).size;
  }

  get pending(): number {
    return this.failed.size + this.writing.size + this.deferred.size;
  }

  /**
   * Sends the task's newest state now and waits for it, at most `withinMs`. True only when the ledger has it
   * (what a takeover decides by, see landmarks, is what this machine holds). False when the write could not
   * be made in time (the database is away or does not answer: the write is kept for `retry` and may still land
   * later) or was refused (another machine holds the task now), or this machine holds no lease on the task.
   */
  async landed(taskId: string, withinMs: number): Promise<boolean> {
    if (this.deferred.has(taskId)) this.start(taskId);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), withinMs);
      timer.unref?.();
    });
    try {
      for (let work = this.writing.get(taskId); work; work = this.writing.get(taskId))
        if ((await Promise.race([work.catch(() => undefined), late])) === 'late') return false;
    } finally {
      clearTimeout(timer);
    }
    const task = this.deps.store.get(taskId);
    return !!task && !!this.deps.held.get(taskId) && !this.failed.has(taskId) && this.marks.get(taskId) === landmarks(task);
  }

  /** Sends what waits to be coalesced now, and waits until every write is done. */
  async idle(): Promise<void> {
    for (const id of [...this.deferred.keys()]) this.start(id);
    while (this.writing.size > 0) await Promise.allSettled([...this.writing.values()]);
  }

  /** Drops what was kept for a task's next write (a new lease writes it whole again, see schedule). */
  private forget(taskId: string, task: TaskRecord): void {
    this.written.delete(taskId);
    this.marks.delete(taskId);
    for (const r of task.results) this.stored.delete(`${taskId}/${r.index}`);
  }

  private async write(taskId: string): Promise<void> {
    const lease = this.deps.held.get(taskId);
    const task = this.deps.store.get(taskId);
    if (!lease || !task) return;
    try {
      const media: Record<string, string> = {};
      for (const r of task.results) {
        if (r.state !== 'done' || !r.file) continue;
        const slot = `${taskId}/${r.index}`;
        let hash = this.stored.get(slot);
        if (!hash) {
          const file = join(this.deps.libraryDir(), r.file);
          const t0 = Date.now();
          // One read for both: the hash names the object, the same bytes are what is sent.
          const read = await readAndHash(file);
          hash = read.sha256;
          const t1 = Date.now();
          const put = await this.deps.media.put(file, hash, r.mime ?? 'application/octet-stream', read.bytes ?? undefined);
          this.deps.log.debug('team: result stored', { task: taskId, hashMs: t1 - t0, putMs: Date.now() - t1, uploaded: put.uploaded });
          this.stored.set(slot, hash);
        }
        media[String(r.index)] = hash;
      }
      // A closing write also settles the spend (LibraryStore.write), while the lease is still held.
      const closing = !isOpen(task);
      // Polls that changed only bookkeeping (when to ask next, how often asked) are not news for anyone.
      const print = fingerprint(task, media);
      if (this.written.get(taskId) === print) return;
      const ok = await this.deps.library.write(task, lease, media);
      if (ok) {
        this.written.set(taskId, print);
        this.marks.set(taskId, landmarks(task));
      }
      if (!ok) {
        this.deps.held.drop(taskId);
        this.deps.log.warn('team: a write was refused (another machine holds this task now)', { task: taskId, epoch: lease.epoch });
        this.deps.onLost(taskId);
      } else if (closing) {
        this.deps.held.drop(taskId);
        // A closed task is not written again under this lease: what was kept to weigh its next write goes.
        this.forget(taskId, task);
      }
    } catch (e) {
      this.failed.add(taskId);
      this.deps.log.warn('team: a write waits for the team database', { task: taskId, error: e instanceof Error ? e.message : String(e) });
    }
  }
}
