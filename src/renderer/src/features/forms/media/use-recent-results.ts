import { useQuery } from '@tanstack/react-query';
import type { TaskResult, TaskSummary } from '../../../../../shared/domain/task';
import type { MediaValue } from '../../../../../shared/operations/media';
import { useBridge } from '../../../bridge/bridge-context';
import { queryKeys } from '../../../state/query-keys';

export interface RecentResult {
  task: TaskSummary;
  result: TaskResult;
}

/** Recent succeeded results of one kind, newest first (keyed under listTasks so task events refresh it). */
export function useRecentResults(kind: 'image' | 'video', enabled: boolean) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.tasks.formsRecent,
    queryFn: () => bridge.call('listTasks', { filter: { statuses: ['succeeded'], sort: 'newest' }, cursor: null, limit: 80 }),
    enabled,
    staleTime: 2_000,
    select: (page): RecentResult[] =>
      page.items.flatMap((task) => task.results.filter((r) => r.kind === kind && (r.file || r.remoteUrl)).map((result) => ({ task, result }))),
  });
}

/** A gallery result as a form input: its remote URL for link-only endpoints, its file for uploads. */
export const resultValue = ({ task, result }: RecentResult): MediaValue => ({
  kind: 'result',
  taskId: task.id,
  index: result.index,
  remoteUrl: result.remoteUrl,
  file: result.file,
  mime: result.mime,
  remoteId: task.remoteId,
});
