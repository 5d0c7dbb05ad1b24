import { useSyncExternalStore } from 'react';

let painted = false;
const listeners = new Set<() => void>();
const subscribe = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/**
 * Called once the first screen is committed (an effect of the app's root): after the next frame has painted
 * (a task queued from its animation frame runs after the paint) and the renderer is idle, work that the first
 * screen does not show may start. A hidden window paints no frames, so a timer lets that work start anyway.
 */
export function markFirstFrame(fallbackMs = 1000): void {
  const done = (): void => {
    if (painted) return;
    painted = true;
    listeners.forEach((l) => l());
  };
  const idle = (): void => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 300 });
    else done();
  };
  requestAnimationFrame(() => setTimeout(idle, 0));
  setTimeout(done, fallbackMs);
}

/** False until the first screen has painted (see {@link markFirstFrame}); for work that should not delay it. */
export function useFirstFramePainted(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}
