import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { THUMBNAIL_NAME_PATTERN, thumbnailName } from '../../shared/domain/thumbnail';
import type { TaskStore } from '../db/task-store';
import { resolveMediaPath, type MediaRootName } from '../media/resolve-media-path';
import { makeImageThumbnail } from './make-thumbnail';
import { Limiter } from '../engine/limiter';
import type { TaskWriter } from '../engine/task-writer';

export interface LazyThumbnailsDeps {
  store: TaskStore;
  /** Records a made thumbnail on its result (the one writer of task rows). */
  writer: Pick<TaskWriter, 'recordThumbnail'>;
  roots: () => Record<MediaRootName, string>;
  /** Makes `<name>.webp` in `thumbsDir` from `source` (injected in tests). */
  make?: (source: string, thumbsDir: string, name: string) => Promise<string>;
  /** Thumbnails made at once (libvips runs each on its own threads; a screenful queues behind these). */
  concurrency?: number;
}

/**
 * Thumbnails for image results that have none (imported, seeded, or older than thumbnails), made when the
 * gallery first asks for `thumbs/<task id>-<index>.webp`: never on the first paint's path (the tiles are on
 * screen before their pictures are requested), never for a file no task records, and once (recorded on the
 * result; concurrent requests share one job). Answers the file to serve (made now, or recorded before), or
 * null when this is not such a request or the image cannot be read (the page then shows the image itself).
 */
export function createLazyThumbnails(
  deps: LazyThumbnailsDeps,
): (requestPath: string) => Promise<string | null> {
  const make = deps.make ?? makeImageThumbnail;
  const limit = deps.concurrency ?? 2;
  const slots = new Limiter(() => limit);
  const jobs = new Map<string, Promise<string | null>>();

  const makeFor = (id: string, index: number, name: string): Promise<string | null> =>
    slots.run(async () => {
      try {
        const task = deps.store.get(id);
        const result = task?.results.find((r) => r.index === index);
        if (!task || !result?.file || result.kind !== 'image') return null;
        const source = resolveMediaPath(deps.roots(), `library/${result.file}`);
        if (!source) return null;
        const file = await make(source, deps.roots().thumbs, name.replace(/\.webp$/, ''));
        // Only this result's thumbnail is set, on the task as it is now (the engine may have changed it).
        deps.writer.recordThumbnail(id, index, file);
        return resolveMediaPath(deps.roots(), `thumbs/${file}`);
      } catch {
        return null;
      }
    });

  return async (requestPath) => {
    const m = /^\/*thumbs\/(.+)$/.exec(requestPath);
    const name = m?.[1];
    const parsed = name ? THUMBNAIL_NAME_PATTERN.exec(name) : null;
    if (!name || !parsed?.[1] || !parsed[2]) return null;
    const id = parsed[1];
    const index = Number(parsed[2]);
    if (thumbnailName(id, index) !== name) return null;
    const result = deps.store.get(id)?.results.find((r) => r.index === index);
    if (!result?.file || result.kind !== 'image') return null;
    // Recorded and on disk: served as found by id (the generic check would search every task's results).
    if (result.thumbnail === name && existsSync(join(deps.roots().thumbs, name)))
      return resolveMediaPath(deps.roots(), `thumbs/${name}`);
    const pending = jobs.get(name) ?? makeFor(id, index, name).finally(() => jobs.delete(name));
    jobs.set(name, pending);
    return pending;
  };
}
