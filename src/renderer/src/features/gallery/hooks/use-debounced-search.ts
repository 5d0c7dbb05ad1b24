import { useEffect, useMemo } from 'react';
import { useGalleryStore } from '../gallery-store';
import { createSearchDebounce } from './search-debounce';

/**
 * Copies what the user types into the filter's `search`: at once after a pause, and after `delayMs` of quiet
 * during a burst of keystrokes, so a burst is one query (search-debounce.ts). Issue 31: a fixed wait was
 * most of the search's latency; a search typed past is cancelled (search-prefetch.ts, use-task-pages), and
 * the previous results stay shown until the new ones arrive.
 */
export function useDebouncedSearch(delayMs = 40): void {
  const text = useGalleryStore((s) => s.searchText);
  const debounce = useMemo(
    () => createSearchDebounce((search) => useGalleryStore.getState().set({ search }), delayMs),
    [delayMs],
  );
  useEffect(() => () => debounce.cancel(), [debounce]);
  useEffect(() => debounce.push(text), [text, debounce]);
}
