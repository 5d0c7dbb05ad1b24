import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BridgeClient } from '../../../../../shared/bridge/client';
import type { TaskFilter } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { useGalleryStore } from '../gallery-store';
import { galleryFilterNow } from './use-gallery-filter';
import { taskPagesQuery } from './use-task-pages';

/**
 * Issue 31, search: the first page of a search is asked for the moment the (debounced) term lands in the
 * store, inside that `set` (zustand calls its subscribers there), not after React has re-rendered the
 * gallery under the new filter and its query's effect has run. Core answers while the renderer renders; the
 * gallery's own query finds the fetch under its key and waits for it. A prefetch the user typed past before
 * any gallery render watched it is cancelled, as the gallery's own query would be: its late answer is
 * neither cached nor shown. Returns the unsubscribe.
 */
export function prefetchSearches(
  qc: QueryClient,
  bridge: Pick<BridgeClient, 'call'>,
  filterNow: () => TaskFilter,
): () => void {
  let previous: QueryKey | null = null;
  return useGalleryStore.subscribe((state, before) => {
    if (state.search === before.search) return;
    const stale = previous && qc.getQueryCache().find({ queryKey: previous, exact: true });
    if (stale && stale.getObserversCount() === 0 && stale.state.fetchStatus === 'fetching')
      void qc.cancelQueries({ queryKey: stale.queryKey, exact: true });
    const query = taskPagesQuery(bridge, filterNow());
    previous = query.queryKey;
    void qc.prefetchInfiniteQuery(query);
  });
}

/** {@link prefetchSearches} while the gallery is mounted. */
export function useSearchPrefetch(): void {
  const qc = useQueryClient();
  const bridge = useBridge();
  useEffect(() => prefetchSearches(qc, bridge, galleryFilterNow), [qc, bridge]);
}
