import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskStore } from '../db/task-store';
import type { TaskRecord } from '../tasks/task-record';

/** A write that failed because the disk (or quota) is full, or the file system refused it. */
export function isDiskFull(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  const text = `${String(err?.code ?? '')} ${String(err?.message ?? e)}`;
  return /SQLITE_FULL|SQLITE_IOERR|ENOSPC|EDQUOT|disk is full|no space left/i.test(text);
}

const PROBE_BYTES = 64 * 1024;

/**
 * Task writes that may fail (a full disk). A failed write never loses what it carried: the patch is kept in
 * memory, merged with later ones, and read back through {@link get}, so a gateway id learned while the disk
 * is full is still polled, shown and saved as soon as a write succeeds ({@link flush}).
 */
export class WriteGuard {
  private readonly pending = new Map<string, Partial<TaskRecord>>();
  /** Tasks whose downloads stopped on a full disk: restarted when space returns. */
  readonly stoppedDownloads = new Set<string>();
  full = false;
  private failures = 0;

  constructor(
    private readonly store: TaskStore,
    private readonly dataDir: string,
    private readonly onChange: (full: boolean) => void,
  ) {}

  /** Writes `patch` (with anything still unsaved for this task); on a full disk keeps it and answers the merged task. */
  write(id: string, patch: Partial<TaskRecord>): TaskRecord | null {
    const merged = this.pending.has(id) ? { ...this.pending.get(id), ...patch } : patch;
    if (patch.results?.some((r) => r.state === 'failed' && isDiskFull(r.error))) {
      this.stoppedDownloads.add(id);
      this.setFull();
    }
    try {
      const next = this.store.update(id, merged);
      this.pending.delete(id);
      return next;
    } catch (e) {
      if (!isDiskFull(e)) throw e;
      this.pending.set(id, merged);
      this.setFull();
      return this.get(id);
    }
  }

  /** The task as the engine knows it: the stored row with any unsaved patch on top. */
  get(id: string): TaskRecord | null {
    const row = this.store.get(id);
    const p = this.pending.get(id);
    return row && p ? { ...row, ...p, id: row.id } : row;
  }

  unsaved(id: string): boolean {
    return this.pending.has(id);
  }

  /** Tries to save everything kept in memory: the ids saved, or null while the disk is still full. */
  flush(): string[] | null {
    if (!this.full) return [];
    if (!this.hasRoom()) {
      this.failures++;
      return null;
    }
    const saved = [...this.pending.keys()];
    for (const [id, patch] of [...this.pending]) {
      try {
        this.store.update(id, patch);
        this.pending.delete(id);
      } catch (e) {
        if (!isDiskFull(e)) throw e;
        this.failures++;
        return null;
      }
    }
    this.full = false;
    this.failures = 0;
    this.onChange(false);
    return saved;
  }

  /** The wait before the next {@link flush}: doubling from `baseMs` up to `maxMs`. */
  retryDelay(baseMs: number, maxMs: number): number {
    return Math.min(maxMs, baseMs * 2 ** Math.min(10, this.failures));
  }

  private setFull(): void {
    if (this.full) return;
    this.full = true;
    this.onChange(true);
  }

  /** A real write of a small file next to the database: statfs alone misses quotas and reserved blocks. */
  private hasRoom(): boolean {
    const probe = join(this.dataDir, `.space-probe-${process.pid}`);
    try {
      writeFileSync(probe, Buffer.alloc(PROBE_BYTES));
      return true;
    } catch {
      return false;
    } finally {
      rmSync(probe, { force: true });
    }
  }
}
