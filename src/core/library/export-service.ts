import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';
import type { TaskStore } from '../db/task-store';
import type { TaskRecord } from '../tasks/task-record';
import { resultPath } from '../tasks/task-files';
import { writeExportZip, type ExportItem } from './export-zip';

/**
 * Largest export: 2 GiB of results. A ZIP without ZIP64 cannot pass 4 GiB, and one export should never be
 * able to fill the disk (issue 26: repeated ids once copied one video thousands of times).
 */
export const MAX_EXPORT_BYTES = 2 * 1024 ** 3;

export interface ExportDeps {
  store: TaskStore;
  roots: () => { library: string; inputs: string; thumbs: string };
  now: () => number;
  parentsOf: (taskId: string) => { taskId: string; kind: string }[];
  /** Bound of one export's result bytes (default `MAX_EXPORT_BYTES`). */
  maxBytes?: number;
}

export interface ExportAnswer {
  path: string;
  name: string;
  files: number;
  tasks: number;
  url: string | null;
}

/** A size as people read it: `2.0 GB`, `548 MB`, `180 KB`. */
const size = (n: number): string =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(1)} GB`
    : n >= 1024 ** 2
      ? `${Math.round(n / 1024 ** 2)} MB`
      : `${Math.max(1, Math.round(n / 1024))} KB`;

/**
 * Board exports: one at a time (a second call while one is written is refused with a plain message), ids
 * de-duplicated, each result file once, the total bounded, a unique name per export written through its
 * own part file, and nothing left behind when there is nothing to export.
 */
export class ExportService {
  /** Library-relative paths of the ZIPs exported in this run (the media route may serve exactly these). */
  private readonly made = new Set<string>();
  private running = false;

  constructor(private readonly deps: ExportDeps) {}

  madeExport(rel: string): boolean {
    return this.made.has(rel);
  }

  async export(ids: readonly string[]): Promise<ExportAnswer> {
    if (this.running)
      throw new BridgeError('conflict', 'An export is already being written. Wait until it is done, then export again.');
    this.running = true;
    try {
      return await this.write(ids);
    } finally {
      this.running = false;
    }
  }

  private async write(ids: readonly string[]): Promise<ExportAnswer> {
    const tasks = [...new Set(ids)]
      .map((id) => this.deps.store.get(id))
      .filter((t): t is TaskRecord => t !== null);
    if (tasks.length === 0) throw new BridgeError('not_found', 'None of the chosen tasks exist any more.');
    const roots = this.deps.roots();
    const { items, bytes } = await plan(tasks, roots);
    if (items.length === 0)
      throw new BridgeError('conflict', 'None of the chosen tasks has a downloaded result to export.');
    const limit = this.deps.maxBytes ?? MAX_EXPORT_BYTES;
    if (bytes > limit)
      throw new BridgeError(
        'invalid_input',
        `These results add up to ${size(bytes)}; one export holds at most ${size(limit)}. Choose fewer tasks.`,
      );
    const stamp = new Date(this.deps.now()).toISOString().replace(/[:.]/g, '-');
    // The clock alone is not unique (two exports in one millisecond once shared a name and mixed).
    const name = `atelier-export-${stamp}-${randomBytes(4).toString('hex')}.zip`;
    const path = join(roots.library, 'exports', name);
    const { files } = await writeExportZip(path, items, this.deps.parentsOf);
    const url = relative(roots.library, path).split('\\').join('/');
    this.made.add(url);
    return { path, name, files, tasks: tasks.length, url };
  }

  /**
   * Removes part files an export left when the app was killed during it (run at start, when no export can
   * be running). Finished ZIPs are kept.
   */
  async removeStaleParts(): Promise<number> {
    const dir = join(this.deps.roots().library, 'exports');
    const names = await readdir(dir).catch(() => [] as string[]);
    const stale = names.filter((n) => /^atelier-export-.*\.zip\.part$/.test(n));
    await Promise.all(stale.map((n) => rm(join(dir, n), { force: true })));
    return stale.length;
  }
}

/** Each downloaded result file once (the same file reached twice is exported once), with the total size. */
async function plan(
  tasks: readonly TaskRecord[],
  roots: { library: string; inputs: string; thumbs: string },
): Promise<{ items: ExportItem[]; bytes: number }> {
  const items: ExportItem[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const task of tasks)
    for (const r of task.results) {
      if (r.state !== 'done') continue;
      let path: string;
      try {
        path = resultPath(task, r.index, roots);
      } catch {
        continue; // no file on disk (the library folder moved, or the file was deleted)
      }
      if (seen.has(path)) continue;
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      seen.add(path);
      bytes += info.size;
      items.push({ task, index: r.index, path });
    }
  return { items, bytes };
}
