import { copyFile, rm } from 'node:fs/promises';
import { BridgeError } from '../../shared/bridge/result';
import { resolveMediaPath } from '../media/resolve-media-path';
import type { TaskRecord } from './task-record';

/** The library file of result `index`, checked to be inside the library (it may have been moved away). */
export function resultPath(task: TaskRecord, index: number, roots: { library: string; inputs: string; thumbs: string }): string {
  const file = task.results.find((r) => r.index === index)?.file;
  const path = file ? resolveMediaPath(roots, `library/${file}`) : null;
  if (!path) throw new BridgeError('not_found', 'This result has no file on disk (yet).');
  return path;
}

/**
 * Removes a task's result files and thumbnails. Input files are content-addressed and may be shared with
 * other tasks, so they stay (they are small and make "reuse settings" work).
 */
export async function deleteTaskFiles(task: TaskRecord, roots: { library: string; inputs: string; thumbs: string }): Promise<void> {
  for (const r of task.results) {
    const path = r.file ? resolveMediaPath(roots, `library/${r.file}`) : null;
    if (path) await rm(path, { force: true });
    const thumb = r.thumbnail ? resolveMediaPath(roots, `thumbs/${r.thumbnail}`) : null;
    if (thumb) await rm(thumb, { force: true });
  }
}

export async function copyResult(source: string, target: string): Promise<void> {
  await copyFile(source, target);
}
