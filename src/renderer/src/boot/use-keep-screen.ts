import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBridge } from '../bridge/bridge-context';
import { useGalleryFilter } from '../features/gallery/hooks/use-gallery-filter';
import { useFirstFramePainted } from './first-frame';
import { serializeFirstScreen } from './keep-screen';
import { keptScreenElement } from './kept-screen-element';

/** The screen is kept once it has been quiet this long… */
const QUIET_MS = 2_000;
/** …or at the latest this long after it first changed (running tasks change it every second). */
const MAX_WAIT_MS = 15_000;

const whenIdle = (fn: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2_000 });
  else setTimeout(fn, 0);
};

/**
 * Keeps the first screen for the next load (`keepFirstScreen`): after the first frame, whenever the studio
 * has changed and then been quiet (or changing for `MAX_WAIT_MS`), and when the window is hidden (the user
 * may be closing it). Only a changed screen is sent. The kept screen painted from this load's HTML is taken
 * out in React's first commit, before that frame paints.
 */
export function useKeepFirstScreen(): void {
  const client = useBridge();
  const { filter } = useGalleryFilter();
  const painted = useFirstFramePainted();
  const filterRef = useRef(filter);
  filterRef.current = filter;

  useLayoutEffect(() => keptScreenElement(document)?.remove(), []);

  useEffect(() => {
    if (!painted) return;
    const root = document.getElementById('root');
    if (!root) return;
    let last = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let firstChange = 0;
    const keep = (): void => {
      clearTimeout(timer);
      timer = undefined;
      firstChange = 0;
      const input = serializeFirstScreen(document, filterRef.current);
      if (!input || input.html === last) return;
      last = input.html;
      client.call('keepFirstScreen', input).catch(() => {
        last = '';
      });
    };
    const changed = (): void => {
      const now = performance.now();
      if (firstChange === 0) firstChange = now;
      clearTimeout(timer);
      timer = setTimeout(() => whenIdle(keep), Math.min(QUIET_MS, Math.max(0, firstChange + MAX_WAIT_MS - now)));
    };
    const hidden = (): void => {
      if (document.visibilityState === 'hidden') keep();
    };
    const observer = new MutationObserver(changed);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener('visibilitychange', hidden);
    changed();
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer);
    };
  }, [painted, client]);
}
