import { statSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskStore } from '../db/task-store';
import type { Logger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';
import type { HeldLeases } from './held-leases';
import type { MediaStore, PartialSlot } from './ports';

export interface DownloadCheckpointsDeps {
  store: TaskStore;
  media: MediaStore;
  held: HeldLeases;
  /** Core's data folder: downloads in progress are `downloads/<task>-<index>.part` in it (see ResultDownloader). */
  dataDir: string;
  log: Logger;
  /** Fewer new bytes than this wait for the next round (the last bytes of a file never need saving: it is done). */
  minChunk?: number;
  /** The most bytes saved as one chunk. */
  maxChunk?: number;
  /**
   * Before a download's first chunk is saved: the ledger is told the task downloads (the mirror may still be
   * waiting to write that), so a machine taking over looks for the chunks instead of polling and starting over.
   */
  announce?: (taskId: string) => Promise<unknown>;
}

const slotKey = (s: PartialSlot): string => `${s.taskId}/${s.index}`;

/** Results a task is still downloading (or will): the part files worth saving or restoring. */
function unfinished(task: TaskRecord): PartialSlot[] {
  if (task.status !== 'downloading' && task.status !== 'succeeded') return [];
  return task.results.filter((r) => r.state === 'downloading' || r.state === 'pending').map((r) => ({ taskId: task.id, index: r.index }));
}

/**
 * SIGKILL mid-download: the holder saves the bytes of each download in progress to the media store as they
 * arrive (`tick`, a chunk per round, each chunk whole or absent); a machine taking the task over restores that
 * prefix into its own part file (`restore`) and the downloader resumes it with a Range request, so the
 * gateway serves each byte about once. The finished file is verified as any download is (length, sha256)
 * and stored under its hash; the chunks are dropped when the task no longer downloads.
 */
export class DownloadCheckpoints {
  /** Slot → bytes saved so far (a prefix of the part file). */
  private readonly saved = new Map<string, { slot: PartialSlot; bytes: number }>();

  constructor(private readonly deps: DownloadCheckpointsDeps) {}

  partPath(slot: PartialSlot): string {
    return join(this.deps.dataDir, 'downloads', `${slot.taskId}-${slot.index}.part`);
  }

  /** One round: new bytes of every held download saved; chunks of downloads that ended dropped. */
  async tick(): Promise<void> {
    const live = new Set<string>();
    for (const lease of this.deps.held.all()) {
      const task = this.deps.store.get(lease.taskId);
      if (!task) continue;
      for (const slot of unfinished(task)) {
        live.add(slotKey(slot));
        await this.saveNew(slot).catch((e: unknown) => this.deps.log.warn('team: a download checkpoint was not saved', { task: slot.taskId, error: e instanceof Error ? e.message : String(e) }));
      }
    }
    for (const [key, { slot }] of this.saved) {
      if (live.has(key)) continue;
      try {
        await this.deps.media.partials.drop(slot);
        this.saved.delete(key);
      } catch (e) {
        this.deps.log.warn('team: a download checkpoint was not dropped (tried again)', { task: slot.taskId, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  /** A task taken over: what its last holder saved of each unfinished result becomes this machine's part file. */
  async restore(task: TaskRecord): Promise<void> {
    for (const slot of unfinished(task)) {
      const part = this.partPath(slot);
      const have = (await stat(part).catch(() => null))?.size ?? 0;
      try {
        if (have === 0) {
          const bytes = await this.deps.media.partials.restore(slot, part);
          this.saved.set(slotKey(slot), { slot, bytes });
          this.deps.log.info('team: a download taken over resumes from its checkpoint', { task: slot.taskId, index: slot.index, bytes });
        } else this.saved.set(slotKey(slot), { slot, bytes: 0 });
      } catch (e) {
        this.deps.log.warn('team: a download checkpoint could not be restored; the file is fetched from the start', { task: slot.taskId, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  private async saveNew(slot: PartialSlot): Promise<void> {
    const key = slotKey(slot);
    // A plain look, in place: most rounds find no part file yet (the file waits its turn to download) or too
    // few new bytes, and an asynchronous stat that fails costs far more than the look (issue 29's CPU per task).
    const size = statSync(this.partPath(slot), { throwIfNoEntry: false })?.size ?? 0;
    const known = this.saved.get(key) ?? { slot, bytes: 0 };
    if (size >= known.bytes && size - known.bytes < (this.deps.minChunk ?? 64 * 1024)) return;
    if (size < known.bytes) {
      // The part file started over (the server ignored Range): the saved bytes are no prefix of it any more.
      await this.deps.media.partials.drop(slot);
      this.saved.set(key, { slot, bytes: 0 });
      return;
    }
    const from = known.bytes;
    const length = Math.min(size - from, this.deps.maxChunk ?? 8 * 1024 * 1024);
    if (length < (this.deps.minChunk ?? 64 * 1024)) return;
    const bytes = Buffer.alloc(length);
    // Between the stat and here the download may have finished (its part file moved into the library): nothing
    // to save, and the next round drops its chunks. Only that is quiet; any other error is told.
    const fd = await open(this.partPath(slot), 'r').catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    });
    if (!fd) return;
    try {
      if (from === 0) await this.deps.announce?.(slot.taskId);
      const { bytesRead } = await fd.read(bytes, 0, length, from);
      if (bytesRead === 0) return;
      await this.deps.media.partials.save(slot, from, bytes.subarray(0, bytesRead));
      this.saved.set(key, { slot, bytes: from + bytesRead });
    } finally {
      await fd.close();
    }
  }
}
