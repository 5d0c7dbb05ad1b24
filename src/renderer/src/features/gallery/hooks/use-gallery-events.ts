import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventPayload } from '../../../../../shared/bridge/contract';
import type { TaskDetail, TaskFilter, TaskStatus, TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { applyDownloadProgress, applyProgressToTask, applyTaskChanged, applyTaskRemoved, locate, mergeIntoDetail, type Pages } from '../model/cache-patch';
import { dropBatchMember, patchBatchMember } from '../../studio';
import { queryKeys } from '../../../state/query-keys';

type Progress = EventPayload<'downloadProgressed'>;

/** The status the cache last saw for a task (lists or detail), or null when it is new to us. */
function knownStatus(qc: QueryClient, id: string): TaskStatus | null {
  const detail = qc.getQueryData<TaskDetail>(queryKeys.task(id));
  if (detail) return detail.status;
  for (const [, data] of qc.getQueriesData<Pages>({ queryKey: queryKeys.tasks.pagesAll })) {
    const at = data ? locate(data, id) : null;
    if (data && at) return data.pages[at.page]?.items[at.index]?.status ?? null;
  }
  return null;
}

function patchLists(qc: QueryClient, fn: (data: Pages, filter: TaskFilter) => Pages): void {
  for (const query of qc.getQueryCache().findAll({ queryKey: queryKeys.tasks.pagesAll })) {
    const filter = query.queryKey[2] as TaskFilter;
    qc.setQueryData<Pages>(query.queryKey, (data) => (data ? fn(data, filter) : data));
  }
}

/**
 * The one place task push events reach the cache (the renderer never polls): lists, details and batches; task changes replace, insert or drop
 * list items in place; download progress is coalesced to one cache write per animation frame; counts are
 * re-read (one row) shortly after a status changes, and the boards' counts after a task appears or goes. `onStatusChange` sees transitions (notifications).
 */
export function useGalleryEvents(onStatusChange?: (task: TaskSummary, previous: TaskStatus | null) => void): void {
  const bridge = useBridge();
  const qc = useQueryClient();
  useEffect(() => {
    let countsTimer: ReturnType<typeof setTimeout> | null = null;
    let boardsToo = false;
    // A task new to this window or removed changes a board's count too (submitted onto the current board,
    // deleted from the tile menu or the lightbox): the board picker reads its list again with the counts.
    const refreshCounts = (boards = false) => {
      boardsToo ||= boards;
      countsTimer ??= setTimeout(() => {
        countsTimer = null;
        void qc.invalidateQueries({ queryKey: queryKeys.tasks.countsAll });
        if (boardsToo) void qc.invalidateQueries({ queryKey: queryKeys.boards.all });
        boardsToo = false;
      }, 250);
    };

    let pending = new Map<string, Progress>();
    let frame: number | null = null;
    const flush = () => {
      frame = null;
      const batch = pending;
      pending = new Map();
      for (const e of batch.values()) {
        patchLists(qc, (data) => applyDownloadProgress(data, e));
        qc.setQueryData<TaskDetail>(queryKeys.task(e.id), (d) => (d ? applyProgressToTask(d, e) : d));
      }
    };

    const offs = [
      bridge.on('taskChanged', (task) => {
        const previous = knownStatus(qc, task.id);
        patchLists(qc, (data, filter) => applyTaskChanged(data, task, filter));
        patchBatchMember(qc, task);
        const detailKey = queryKeys.task(task.id);
        qc.setQueryData<TaskDetail>(detailKey, (d) => (d ? mergeIntoDetail(d, task) : d));
        if (previous !== task.status) {
          refreshCounts(previous === null);
          // The detail's raw response and event log moved on too; refetched only if the lightbox shows it.
          void qc.invalidateQueries({ queryKey: detailKey, exact: true });
          onStatusChange?.(task, previous);
        }
      }),
      bridge.on('taskRemoved', ({ id }) => {
        patchLists(qc, (data) => applyTaskRemoved(data, id));
        dropBatchMember(qc, id);
        qc.removeQueries({ queryKey: queryKeys.task(id), exact: true });
        refreshCounts(true);
      }),
      bridge.on('downloadProgressed', (e) => {
        pending.set(`${e.id}#${e.index}`, e);
        frame ??= requestAnimationFrame(flush);
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      if (countsTimer) clearTimeout(countsTimer);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [bridge, qc, onStatusChange]);
}

/** After a mutation answered with the task as it now is: the same patch as the event would make. */
export function applySummary(qc: QueryClient, task: TaskSummary): void {
  patchLists(qc, (data, filter) => applyTaskChanged(data, task, filter));
  qc.setQueryData<TaskDetail>(queryKeys.task(task.id), (d) => (d ? mergeIntoDetail(d, task) : d));
}

export function applyRemoval(qc: QueryClient, id: string): void {
  patchLists(qc, (data) => applyTaskRemoved(data, id));
  qc.removeQueries({ queryKey: queryKeys.task(id), exact: true });
}
