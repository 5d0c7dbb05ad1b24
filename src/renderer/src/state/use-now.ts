import { useSyncExternalStore } from 'react';

/**
 * One shared clock for elapsed times: a single interval while any live tile is mounted, none otherwise.
 * A UI tick, not a poll: nothing is fetched.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noop = () => () => {};

const snapshot = (): number => now;

/** The current time, re-rendering every second while `live` (otherwise the last tick: fine for "3 days ago"). */
export function useNow(live = true): number {
  return useSyncExternalStore(live ? subscribe : noop, snapshot);
}
