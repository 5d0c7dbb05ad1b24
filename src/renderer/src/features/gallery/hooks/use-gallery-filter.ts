import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TaskFilter } from '../../../../../shared/domain/task';
import { filterOf, useGalleryStore } from '../gallery-store';
import { useBoardStore } from '../../library';

/** The list's filter and the counts' filter (the same without statuses), stable between renders; the current board restricts both. */
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
  const boardId = useBoardStore((st) => st.boardId);
  return useMemo(() => {
    const state = { ...useGalleryStore.getState(), ...s };
    const board = boardId ? { boardId } : {};
    return {
      filter: { ...filterOf(state), ...board },
      countsFilter: { ...filterOf(state, false), ...board },
    };
  }, [s, boardId]);
}

/** The list's filter as {@link useGalleryFilter} computes it, read now (outside React, e.g. in a store subscription). */
export function galleryFilterNow(): TaskFilter {
  const boardId = useBoardStore.getState().boardId;
  return { ...filterOf(useGalleryStore.getState()), ...(boardId ? { boardId } : {}) };
}
