import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TaskFilter, TaskSummary } from '../../../../../shared/domain/task';
import type { BridgeClient } from '../../../../../shared/bridge/client';
import { useBridge } from '../../../bridge/bridge-context';
import { PAGE_SIZE } from './page-size';
import { untilAborted } from './until-aborted';
import { queryKeys } from '../../../state/query-keys';

/** The status chips' filter for a list's filter: the same without its statuses (each chip shows what picking it gives). */
export function countsFilterOf(filter: TaskFilter): TaskFilter {
  const { statuses: _statuses, ...rest } = filter;
  return rest;
}

/**
 * The gallery's list query under `filter`: keyset pages from `listTasks`, loaded as the user scrolls. Shared
 * by {@link useTaskPages} and the search prefetch (search-prefetch.ts), which starts it before the gallery
 * re-renders. A first page's answer carries the chips' counts too (core counts them in the same read): they
 * go into the counts' cache, so a new search is one bridge call, not two (issue 31; see {@link useTaskCounts}).
 */
export function taskPagesQuery(bridge: Pick<BridgeClient, 'call'>, filter: TaskFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.tasks.pages(filter),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await untilAborted(bridge.call('listTasks', { filter, cursor: pageParam, limit: PAGE_SIZE }), signal);
      if (pageParam === null) client.setQueryData(queryKeys.tasks.counts(countsFilterOf(filter)), page.counts);
      return page;
    },
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

/**
 * The counts' query (see {@link useTaskCounts}): a one-row `listTasks` under the chips' filter. `listLoading`:
 * the list under the same filter is asking for its first page, whose answer brings these counts
 * ({@link taskPagesQuery}), so this query waits instead of asking too.
 */
export function taskCountsQuery(bridge: Pick<BridgeClient, 'call'>, filter: TaskFilter, listLoading: boolean) {
  return queryOptions({
    queryKey: queryKeys.tasks.counts(filter),
    queryFn: async ({ signal }) =>
      (await untilAborted(bridge.call('listTasks', { filter, cursor: null, limit: 1 }), signal)).counts,
    staleTime: Infinity,
    enabled: !listLoading,
  });
}

/**
 * Counts per status (for the chips) under the filter without its statuses. They come with the list's first
 * page; asked for on their own (one row) only when re-read after a status change or when no list brought
 * them. `list`: the gallery's list query under the same filter with its statuses ({@link useTaskPages}).
 */
export function useTaskCounts(
  filter: TaskFilter,
  list?: { isFetching: boolean; isPlaceholderData: boolean; isPending: boolean },
) {
  const bridge = useBridge();
  const listLoading = !!list && list.isFetching && (list.isPending || list.isPlaceholderData);
  return useQuery({ ...taskCountsQuery(bridge, filter, listLoading), placeholderData: (prev) => prev });
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
