import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Board } from '../../../../../shared/domain/library';
import { useBridge } from '../../../bridge/bridge-context';
import { useBoardStore } from './board-store';
import { queryKeys } from '../../../state/query-keys';

/** Boards the picker lists: the first page (core pages boards; 130,000 of them once broke the first screen). */
export const BOARD_PAGE = 200;

/**
 * The boards the picker shows: the first page and the current board (so a board beyond the first page,
 * or one just created, stays selected). Shaped like a query of a plain list, so components read `data`.
 */
export function useBoards(): { data: Board[] | undefined; isSuccess: boolean; isFetching: boolean } {
  const bridge = useBridge();
  const current = useBoardStore((s) => s.boardId);
  const query = useQuery({
    queryKey: queryKeys.boards.list(current),
    queryFn: () => bridge.call('listBoards', { limit: BOARD_PAGE, include: current }),
    placeholderData: keepPreviousData,
  });
  return { data: query.data?.items, isSuccess: query.isSuccess, isFetching: query.isFetching };
}
