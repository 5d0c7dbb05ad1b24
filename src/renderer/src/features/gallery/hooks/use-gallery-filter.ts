import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TaskFilter } from '../../../../../shared/domain/task';
import { filterOf, useGalleryStore } from '../gallery-store';

/** The list's filter and the counts' filter (the same without statuses), stable between renders. */
export function useGalleryFilter(): { filter: TaskFilter; countsFilter: TaskFilter } {
  const s = useGalleryStore(
    useShallow((st) => ({
      group: st.group,
      search: st.search,
      operationId: st.operationId,
      model: st.model,
      since: st.since,
      until: st.until,
      favourites: st.favourites,
      sort: st.sort,
    })),
  );
  return useMemo(() => {
    const state = { ...useGalleryStore.getState(), ...s };
    return { filter: filterOf(state), countsFilter: filterOf(state, false) };
  }, [s]);
}
