import type pg from 'pg';
import type { TaskStore } from '../db/task-store';
import { hashFile } from './media/hash-file';
import type { MediaStore } from './ports';
import { isOpen } from './record-schema';
import { resolveInside } from './safe-path';

export interface ShareProgress {
  done: number;
  total: number;
  /** Tasks the ledger already had (an earlier, interrupted share, or another member's). */
  skipped: number;
}

/**
 * "Share this library with the team": every finished task of the solo library goes into the ledger as this
 * member's, its files into the media store first. Idempotent and resumable by construction: files are stored
 * by hash only when absent, and a task the ledger has is left as it is (ON CONFLICT DO NOTHING), so running it
 * again after a stop continues where it was. Unfinished tasks stay local (their machine works them).
 */
export async function shareLibrary(input: {
  store: TaskStore;
  pool: pg.Pool;
  media: MediaStore;
  member: string;
  machine: string;
  libraryDir: string;
  onProgress?: (p: ShareProgress) => void;
  signal?: AbortSignal;
}): Promise<ShareProgress> {
  const { store, pool, media } = input;
  const progress: ShareProgress = { done: 0, total: Object.values(store.countsByStatus()).reduce((a, b) => a + b, 0), skipped: 0 };
  await pool.query('INSERT INTO members (name) VALUES ($1) ON CONFLICT DO NOTHING', [input.member]);
  let cursor: string | null = null;
  do {
    const page = store.list({ sort: 'oldest' }, cursor, 100);
    for (const task of page.items) {
      input.signal?.throwIfAborted();
      progress.done++;
      if (isOpen(task)) continue;
      const known = await pool.query('SELECT 1 FROM tasks WHERE id = $1', [task.id]);
      if (known.rowCount) {
        progress.skipped++;
        continue;
      }
      const refs: Record<string, string> = {};
      for (const r of task.results) {
        const file = r.state === 'done' && r.file ? resolveInside(input.libraryDir, r.file) : null;
        if (!file) continue;
        const hash = await hashFile(file).catch(() => null);
        if (!hash) continue;
        await media.put(file, hash, r.mime ?? 'application/octet-stream');
        refs[String(r.index)] = hash;
      }
      await pool.query(
        `INSERT INTO tasks (id, member, status, open, record, media, written_by) VALUES ($1, $2, $3, false, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [task.id, input.member, task.status, JSON.stringify(task), JSON.stringify(refs), input.machine],
      );
      if (task.points !== null)
        await pool.query(
          `INSERT INTO spend (task_id, member, day, points, settled) VALUES ($1, $2, (to_timestamp($3::float8 / 1000) AT TIME ZONE 'utc')::date, $4, true) ON CONFLICT DO NOTHING`,
          [task.id, input.member, task.createdAt, task.points],
        );
      input.onProgress?.({ ...progress });
    }
    cursor = page.nextCursor;
  } while (cursor);
  input.onProgress?.({ ...progress });
  return progress;
}
