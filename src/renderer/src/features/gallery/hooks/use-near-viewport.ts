import { useCallback, useState } from 'react';
import { useFirstFramePainted } from '../../../boot/first-frame';

/** How far outside the visible area a tile counts as near (a player is ready before it scrolls in). */
const MARGIN = '200px';

const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;
function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries)
        if (e.isIntersecting) {
          callbacks.get(e.target)?.();
          callbacks.delete(e.target);
          observer?.unobserve(e.target);
        }
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/**
 * For work a tile should only do once it is on (or near) the screen and the first screen has painted, such as
 * creating a video player and decoding its first frame. Returns a ref for the tile's element and whether that
 * time has come; once true it stays true. One IntersectionObserver serves every tile.
 */
export function useNearViewport(): [(el: Element | null) => void, boolean] {
  const painted = useFirstFramePainted();
  const [near, setNear] = useState(false);
  const ref = useCallback((el: Element | null) => {
    if (!el) return;
    callbacks.set(el, () => setNear(true));
    shared().observe(el);
    return () => {
      callbacks.delete(el);
      observer?.unobserve(el);
    };
  }, []);
  return [ref, near && painted];
}
