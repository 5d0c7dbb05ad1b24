import type { MouseEvent } from 'react';
import { useSelectionStore } from '../gallery/selection/selection-store';

/**
 * Ctrl/Cmd-click toggles a task in the gallery's selection, Shift-click selects the range from the anchor in
 * the order the gallery shows (tiles and rows carry `data-task-id`). Returns true when the click selected.
 */
export function selectClick(e: MouseEvent, id: string): boolean {
  const sel = useSelectionStore.getState();
  if (e.ctrlKey || e.metaKey) {
    sel.toggle(id);
    return true;
  }
  if (e.shiftKey) {
    const ordered = [...document.querySelectorAll<HTMLElement>('[data-task-id]')].map((el) => el.dataset.taskId ?? '');
    sel.extendTo(id, ordered);
    return true;
  }
  return false;
}
