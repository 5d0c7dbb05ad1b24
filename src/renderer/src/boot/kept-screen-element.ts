import type { TaskFilter } from '../../../shared/domain/task';
import { taskFilterKey } from '../../../shared/domain/task-filter-key';
import { KEPT_SCREEN_ID } from '../../../shared/kept-screen';

/** The kept screen painted from the HTML, if there is one (before React's first render replaces it). */
export const keptScreenElement = (doc: Document): HTMLElement | null => doc.getElementById(KEPT_SCREEN_ID);

/**
 * At boot: a kept screen kept under another gallery filter than this renderer's (another browser's stored
 * filter) is not this screen: it goes at once rather than showing other tiles until React runs.
 */
export function dropKeptScreenIfOther(doc: Document, filter: TaskFilter): void {
  const kept = keptScreenElement(doc);
  if (kept && kept.dataset.filter !== taskFilterKey(filter)) kept.remove();
}

/**
 * The video frames the kept screen shows (its tiles' kept frames, by task id): handed to the gallery before
 * React's first render, so its video tiles show the same picture at once instead of a placeholder and a
 * player to make the frame again.
 */
export function keptVideoFrames(doc: Document): Map<string, string> {
  const frames = new Map<string, string>();
  const kept = keptScreenElement(doc);
  if (!kept) return frames;
  for (const tile of kept.querySelectorAll<HTMLElement>('[data-kept-id="task-tile"][data-task-id]')) {
    const src = tile.querySelector('img.gl-media')?.getAttribute('src');
    if (tile.dataset.taskId && src?.startsWith('data:image/')) frames.set(tile.dataset.taskId, src);
  }
  return frames;
}
