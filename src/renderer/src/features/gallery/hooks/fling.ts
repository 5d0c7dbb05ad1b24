import { useState } from 'react';

/**
 * Issue 31, scroll: a scroll that moves more than this many pixels between two renders of the grid (one
 * per scroll event, about one per frame) is a fling. A row of tiles then lives for only a few frames (the
 * viewport plus the overscan is about ten fling steps), so its tiles do not ask for their pictures: each
 * would be a thumbnail made (core), fetched and decoded for a tile gone before it is seen. 40 px per frame
 * (a wheel, a slow drag) is no fling; 200 is.
 */
export const FLING_PX = 120;

export interface FlingState {
  offset: number;
  fling: boolean;
}

/**
 * The next fling state after a render at `offset`: a fling while scrolling and moving more than
 * {@link FLING_PX} since the last offset seen; unchanged by a render that did not move (data arriving
 * mid-fling); over when the scroll stops.
 */
export function nextFling(prev: FlingState, offset: number, scrolling: boolean): FlingState {
  if (!scrolling) return prev.fling || prev.offset !== offset ? { offset, fling: false } : prev;
  if (offset === prev.offset) return prev;
  return { offset, fling: Math.abs(offset - prev.offset) > FLING_PX };
}

/** Whether the scroll element is being flung (see {@link nextFling}), following the virtualiser's offset. */
export function useFling(offset: number, scrolling: boolean): boolean {
  const [state, setState] = useState<FlingState>({ offset, fling: false });
  const next = nextFling(state, offset, scrolling);
  if (next !== state) setState(next);
  return next.fling;
}
