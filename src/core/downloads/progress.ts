import type { ProgressListener } from './types';

/** A throttled progress emitter: `report` fires at most every `intervalMs`; `flush` always fires. */
export interface ProgressReporter {
  report(received: number, total: number | null): void;
  flush(received: number, total: number | null): void;
}

/** Wraps a listener so it is called at most ~10 times a second; listener exceptions are swallowed. */
export function createProgressReporter(
  listener: ProgressListener | undefined,
  intervalMs = 100,
): ProgressReporter {
  let last = -Infinity;
  const call = (received: number, total: number | null): void => {
    last = performance.now();
    try {
      listener?.(received, total);
    } catch {
      // A broken progress listener must not break the download.
    }
  };
  return {
    report(received, total) {
      if (listener && performance.now() - last >= intervalMs) call(received, total);
    },
    flush(received, total) {
      if (listener) call(received, total);
    },
  };
}
