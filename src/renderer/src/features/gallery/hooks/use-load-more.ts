import { useEffect } from 'react';

interface Pager {
  loaded: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Infinite loading: fetch the next keyset page while the last item on screen (plus a screen of margin) is
 * past what is loaded. Dragging the scrollbar far down loads page after page until the view is filled.
 */
export function useLoadMore(lastVisible: number, margin: number, pager: Pager): void {
  const { loaded, hasNextPage, isFetchingNextPage, fetchNextPage } = pager;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastVisible + margin >= loaded) void fetchNextPage();
  }, [lastVisible, margin, loaded, hasNextPage, isFetchingNextPage, fetchNextPage]);
}
