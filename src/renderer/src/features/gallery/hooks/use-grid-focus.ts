import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { gridTarget } from '../../../ui/primitives/grid-keys';
import { useSelectionStore } from '../selection/selection-store';

/**
 * The gallery grid as one Tab stop (the ARIA grid pattern): the tile last focused is the grid's Tab stop, the
 * arrow keys, Home/End (Ctrl for the whole grid) and Page Up/Down move focus between tiles, scrolling the
 * virtualised rows so the next tile is mounted before it is focused. Keys inside a tile's own buttons are theirs.
 * The list view is the same with one column of rows (`item: 'row'`): Up/Down, Home/End to the first and last.
 * Selection from the keys, as with the pointer: Ctrl/⌘+Space toggles the focused task (Ctrl/⌘-click), Shift
 * with a move selects the range from the anchor (Shift-click), the focused task being the anchor if none.
 */
export function useGridFocus({
  scroller,
  items,
  columns,
  rowHeight,
  rendered,
  firstVisible,
  scrollToRow,
  item = 'gridcell',
}: {
  scroller: RefObject<HTMLDivElement | null>;
  items: readonly TaskSummary[];
  columns: number;
  rowHeight: number;
  /** Ids of the tiles mounted now, in order. */
  rendered: readonly string[];
  /** The first tile in view: the Tab stop while the last focused one is not mounted. */
  firstVisible: string | null;
  scrollToRow: (row: number) => void;
  /** The role of the focusable element holding `data-task-id`: a tile (grid) or a row (list). */
  item?: 'gridcell' | 'row';
}): {
  tabStop: string | null;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
} {
  const [active, setActive] = useState<string | null>(null);
  const pending = useRef<{ id: string; at: number } | null>(null);

  // Focus the tile a key moved to once its row is mounted (at once, or after the scroll it asked for). A
  // move whose tile has not come within a second is dropped: it must not take the focus back later.
  useLayoutEffect(() => {
    const move = pending.current;
    if (!move) return;
    if (performance.now() - move.at > 1000) {
      pending.current = null;
      return;
    }
    const el = scroller.current?.querySelector<HTMLElement>(`[role="${item}"][data-task-id="${CSS.escape(move.id)}"]`);
    if (!el) return;
    pending.current = null;
    el.focus({ preventScroll: true });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const cell = e.target as HTMLElement;
    if (cell.getAttribute('role') !== item || e.altKey) return;
    if (item === 'row' && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) return;
    const id = cell.dataset.taskId;
    if (id && e.key === ' ' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      useSelectionStore.getState().toggle(id);
      return;
    }
    const index = id ? items.findIndex((t) => t.id === id) : -1;
    const height = scroller.current?.clientHeight ?? 0;
    const pageRows = Math.max(1, Math.floor(height / Math.max(1, rowHeight)) - 1);
    const to = gridTarget(e.key, index, { columns, count: items.length, pageRows, ctrl: item === 'row' || e.ctrlKey || e.metaKey });
    const next = to === null ? undefined : items[to];
    if (to === null || !next) return;
    e.preventDefault();
    if (e.shiftKey && id)
      useSelectionStore.getState().extendTo(next.id, items.map((t) => t.id), id);
    pending.current = { id: next.id, at: performance.now() };
    setActive(next.id);
    scrollToRow(Math.floor(to / columns));
  };

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>(`[role="${item}"][data-task-id]`)?.dataset.taskId;
    if (id && id !== active) setActive(id);
  };

  // The Tab stop is the last focused tile while it is mounted, else the first tile in view.
  const tabStop = active !== null && rendered.includes(active) ? active : (firstVisible ?? rendered[0] ?? null);
  return { tabStop, onKeyDown, onFocus };
}
