import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TaskFilter, TaskSummary } from '../../../../../shared/domain/task';
import type { BridgeClient } from '../../../../../shared/bridge/client';
import { useBridge } from '../../../bridge/bridge-context';
import { PAGE_SIZE } from './page-size';
import { untilAborted } from './until-aborted';
import { queryKeys } from '../../../state/query-keys';

/**
 * The gallery's list query under `filter`: keyset pages from `listTasks`, loaded as the user scrolls. Shared
 * by {@link useTaskPages} and the search prefetch (search-prefetch.ts), which starts it before the gallery
 * re-renders.
 */
export function taskPagesQuery(bridge: Pick<BridgeClient, 'call'>, filter: TaskFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.tasks.pages(filter),
    queryFn: ({ pageParam, signal }) =>
      untilAborted(bridge.call('listTasks', { filter, cursor: pageParam, limit: PAGE_SIZE }), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Infinity,
  });
}

/**
 * The gallery's list (see {@link taskPagesQuery}). Kept fresh by push events (use-gallery-events), so it
 * never goes stale by time and is never refetched on a timer. A filter the user moved past (a search typed
 * further) is cancelled, not cached; the previous results stay on screen until the new ones arrive (issue 31).
 */
export function useTaskPages(filter: TaskFilter) {
  const bridge = useBridge();
  const query = useInfiniteQuery({ ...taskPagesQuery(bridge, filter), placeholderData: (prev) => prev });
  const items = useMemo<TaskSummary[]>(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  return { ...query, items, total };
}

/** Counts per status (for the chips) under the filter without its statuses; a one-row query. */
export function useTaskCounts(filter: TaskFilter) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.tasks.counts(filter),
    queryFn: async ({ signal }) =>
      (await untilAborted(bridge.call('listTasks', { filter, cursor: null, limit: 1 }), signal)).counts,
    staleTime: Infinity,
    placeholderData: (prev) => prev,
  });
}

export function useTaskDetail(id: string | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.task(id ?? ''),
    queryFn: () => bridge.call('getTask', { id: id ?? '' }),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
}
