import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps the form's controls clear of its sticky dock: the scrolling column gets a `scroll-padding-bottom`
 * as tall as the dock (plus a little air), so Tab and `scrollIntoView` stop above it. The dock's height
 * changes with notices and a wrapped footer row, so it is measured, not guessed.
 *
 * A notice (`notice`: the one the dock shows now) grows the dock upwards while it is pinned to the column's
 * bottom: the column then scrolls by as much, so what showed just above the dock (the Advanced row) stays
 * in view instead of going under the "Sent" notice.
 */
export function useDockPadding<T extends HTMLElement>(notice: unknown) {
  const ref = useRef<T>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const height = useRef(0);
  useLayoutEffect(() => {
    const dock = ref.current;
    if (!dock) return;
    let found: HTMLElement | null = dock.parentElement;
    while (found && !/(auto|scroll)/.test(getComputedStyle(found).overflowY)) found = found.parentElement;
    if (!found) return;
    const target = found;
    scroller.current = target;
    const apply = () => {
      height.current = dock.getBoundingClientRect().height;
      target.style.scrollPaddingBottom = `${Math.ceil(height.current) + 8}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(dock);
    return () => {
      observer.disconnect();
      scroller.current = null;
      target.style.scrollPaddingBottom = '';
    };
  }, []);
  // Runs after the notice is in the DOM and before the observer has seen the new height.
  useLayoutEffect(() => {
    const dock = ref.current;
    const target = scroller.current;
    if (!dock || !target) return;
    const box = dock.getBoundingClientRect();
    const grown = box.height - height.current;
    const bottom = target.getBoundingClientRect().bottom - parseFloat(getComputedStyle(target).paddingBottom || '0');
    if (grown > 0 && box.bottom >= bottom - 1) target.scrollTop += grown;
  }, [notice]);
  return ref;
}
