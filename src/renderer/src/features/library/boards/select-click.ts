import type { MouseEvent } from 'react';
import { useSelectionStore } from '../../gallery';

/** The ids in the order the gallery shows them (set by the gallery on render; Shift-click ranges use it). */
let order: readonly string[] = [];
export const setGalleryOrder = (ids: readonly string[]): void => {
  order = ids;
};

/**
 * Shift-click: range from the anchor; Ctrl/Cmd-click: toggle one; a plain click while something is selected
 * toggles too (so a selection is easy to grow). Returns true when the click was a selection (do not open).
 */
export function selectOnClick(e: MouseEvent, id: string): boolean {
  const sel = useSelectionStore.getState();
  if (e.shiftKey) {
    sel.extendTo(id, order);
    return true;
  }
  if (e.ctrlKey || e.metaKey || sel.ids.size > 0) {
    sel.toggle(id);
    return true;
  }
  return false;
}

export const useSelected = (id: string): boolean => useSelectionStore((s) => s.ids.has(id));
