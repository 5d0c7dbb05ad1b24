import { useEffect } from 'react';
import { useGalleryStore } from '../gallery-store';

/**
 * Copies what the user types into the filter's `search` after a short pause, so a burst of keystrokes is
 * one query. Short, because core answers a search in milliseconds (issue 31: 200 ms of debounce were most
 * of the wait); a search typed past is cancelled (use-task-pages), and the previous results stay shown.
 */
export function useDebouncedSearch(delayMs = 40): void {
  const text = useGalleryStore((s) => s.searchText);
  useEffect(() => {
    const id = setTimeout(() => useGalleryStore.getState().set({ search: text }), text === '' ? 0 : delayMs);
    return () => clearTimeout(id);
  }, [text, delayMs]);
}
