import { useEffect } from 'react';
import { useGalleryStore } from '../gallery-store';

/** Copies what the user types into the filter's `search` after a pause, so each keystroke is not a query. */
export function useDebouncedSearch(delayMs = 200): void {
  const text = useGalleryStore((s) => s.searchText);
  useEffect(() => {
    const id = setTimeout(() => useGalleryStore.getState().set({ search: text }), text === '' ? 0 : delayMs);
    return () => clearTimeout(id);
  }, [text, delayMs]);
}
