import { useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { gridTarget } from './grid-keys';

/** The attribute carrying an item's index in a roving grid. */
const INDEX = 'data-roving-index';

/**
 * A small, fully mounted grid of buttons as one Tab stop (roving tabindex, the gallery grid's keys): the
 * arrows, Home/End (Ctrl for the whole grid) and Page Up/Down move focus between items; Tab leaves the grid
 * and comes back to the item last focused. Columns are read from the container's CSS grid when a key is
 * pressed, so the keys follow the layout. Spread `item(i)` on each item and the handlers on the container.
 */
export function useRovingGrid({ container, count }: { container: RefObject<HTMLElement | null>; count: number }): {
  item: (index: number) => { tabIndex: 0 | -1; [INDEX]: number };
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
} {
  const [active, setActive] = useState(0);
  const stop = Math.min(active, Math.max(0, count - 1));
  const indexOf = (el: EventTarget | null): number | null => {
    const raw = el instanceof HTMLElement ? el.getAttribute(INDEX) : null;
    return raw === null ? null : Number(raw);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const index = indexOf(e.target);
    const box = container.current;
    if (index === null || !box || e.altKey) return;
    const columns = Math.max(1, getComputedStyle(box).gridTemplateColumns.split(' ').filter(Boolean).length);
    const itemHeight = box.querySelector<HTMLElement>(`[${INDEX}]`)?.offsetHeight ?? 0;
    const pageRows = Math.max(1, Math.floor(box.clientHeight / Math.max(1, itemHeight)) - 1);
    const to = gridTarget(e.key, index, { columns, count, pageRows, ctrl: e.ctrlKey || e.metaKey });
    if (to === null) return;
    e.preventDefault();
    setActive(to);
    box.querySelector<HTMLElement>(`[${INDEX}="${to}"]`)?.focus();
  };
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const index = indexOf(e.target);
    if (index !== null) setActive(index);
  };
  return { item: (index) => ({ tabIndex: index === stop ? 0 : -1, [INDEX]: index }), onKeyDown, onFocus };
}
