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
