import { useEffect, useState } from 'react';

/**
 * At most this many tiles hold a live `<video>` at once. Each is a whole media player (a decoder, its
 * buffers, a first frame to decode on the main thread): near the screen is not bound enough on a large
 * window full of videos, so the players are counted (issue 31, scroll).
 */
export const MAX_LIVE_VIDEOS = 12;

const holders = new Set<symbol>();
/** Tiles waiting for a slot, in the order they asked; each tries to take one and says whether it did. */
const waiting: (() => boolean)[] = [];

function handOn(): void {
  while (waiting.length > 0 && holders.size < MAX_LIVE_VIDEOS) waiting.shift()?.();
}

/**
 * True while this tile may show its `<video>`: it wants one (`wanted`) and holds one of the
 * {@link MAX_LIVE_VIDEOS} slots. A tile that stops wanting it (scrolled away, unmounted) hands its slot on.
 */
export function useVideoSlot(wanted: boolean): boolean {
  const [id] = useState(() => Symbol('video slot'));
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    const take = (): boolean => {
      if (holders.size >= MAX_LIVE_VIDEOS) return false;
      holders.add(id);
      setHeld(true);
      return true;
    };
    if (!take()) waiting.push(take);
    return () => {
      const at = waiting.indexOf(take);
      if (at >= 0) waiting.splice(at, 1);
      if (holders.delete(id)) {
        setHeld(false);
        handOn();
      }
    };
  }, [wanted, id]);
  return wanted && held;
}
