import type { FirstScreen } from '../../../shared/bridge/contract';
import type { TaskFilter } from '../../../shared/domain/task';
import { taskFilterKey } from '../../../shared/domain/task-filter-key';
import { FIRST_SCREEN_DATA_ID, KEPT_SCREEN_ID } from '../../../shared/kept-screen';

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

/**
 * The first screen's data the HTML carried beside its kept screen (core read it while serving the page),
 * taken out of the document; null without one, under another filter, or unreadable. Like the bridge's
 * answer at boot it is core's own and trusted as such: the entry chunk loads no schema code (a shape check).
 */
export function takeInlineFirstScreen(doc: Document, filter: TaskFilter): FirstScreen | null {
  const el = doc.getElementById(FIRST_SCREEN_DATA_ID);
  if (!el) return null;
  el.remove();
  if (el.dataset.filter !== taskFilterKey(filter)) return null;
  try {
    const data = JSON.parse(el.textContent ?? '') as unknown;
    const page = typeof data === 'object' && data !== null ? (data as { page?: { items?: unknown } }).page : undefined;
    return Array.isArray(page?.items) ? (data as FirstScreen) : null;
  } catch {
    return null;
  }
}

