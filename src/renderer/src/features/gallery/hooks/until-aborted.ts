/**
 * `work`, unless `signal` aborts first: then it rejects with the signal's reason and the answer, when it
 * comes, is dropped. The bridge cannot call a request back, but a query TanStack Query cancels (a search
 * the user typed past) is then cancelled here: its late answer is neither cached nor rendered.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
