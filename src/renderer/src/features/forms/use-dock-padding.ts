import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps a control that takes focus clear of the form's sticky dock: the scrolling column gets a
 * `scroll-padding-bottom` as tall as the dock (plus a little air), so Tab and `scrollIntoView` stop above
 * it. The dock's height changes with notices and a wrapped footer row, so it is measured, not guessed.
 */
export function useDockPadding<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const dock = ref.current;
    if (!dock) return;
    let scroller: HTMLElement | null = dock.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (!scroller) return;
    const target = scroller;
    const apply = () => {
      target.style.scrollPaddingBottom = `${Math.ceil(dock.getBoundingClientRect().height) + 8}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(dock);
    return () => {
      observer.disconnect();
      target.style.scrollPaddingBottom = '';
    };
  }, []);
  return ref;
}
