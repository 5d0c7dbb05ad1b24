/**
 * Leading and trailing debounce for the search box: a term typed after a pause is applied at once (no wait
 * before the first search); terms typed faster than `delayMs` apart wait, and only the last of such a burst
 * is applied, `delayMs` after it. Stale searches are cancelled anyway (search-prefetch.ts, use-task-pages.ts),
 * so the wait only saves core work during a burst, never correctness.
 */
export interface SearchDebounce {
  push(term: string): void;
  cancel(): void;
}

export function createSearchDebounce(
  apply: (term: string) => void,
  delayMs: number,
  now: () => number = () => performance.now(),
): SearchDebounce {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = -Infinity;
  const cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    push(term) {
      cancel();
      const t = now();
      // A cleared box, or the first key after a pause: at once.
      if (term === '' || t - last >= delayMs) {
        last = t;
        apply(term);
        return;
      }
      last = t;
      timer = setTimeout(() => {
        timer = null;
        last = now();
        apply(term);
      }, delayMs);
    },
    cancel,
  };
}
