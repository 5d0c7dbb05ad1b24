import { useQuery } from '@tanstack/react-query';
import type { TaskSummary } from '../../../../../shared/domain/task';
import type { OperationId } from '../../../../../shared/operations/ids';
import { useBridge } from '../../../bridge/bridge-context';
import { useConnection } from '../../../bridge/queries';
import type { RecentResult } from './use-recent-results';
import { queryKeys } from '../../../state/query-keys';

/**
 * The vendor's video-extend endpoint takes the id of one of its own videos (api-notes: "video_id from a
 * Kling result; text/image/extend", and it must run on the same account as the parent task). So only the
 * vendor family's video tasks of the current profile qualify: ids from other families or other gateways
 * would be refused.
 */
export const EXTENDABLE_OPERATIONS: readonly OperationId[] = ['vendor.extend', 'vendor.avatar'];

export function canExtend(task: TaskSummary, profileId: string | undefined): boolean {
  return (
    task.family === 'vendor' &&
    EXTENDABLE_OPERATIONS.includes(task.operationId) &&
    !!task.remoteId &&
    task.profileId === profileId
  );
}

/** Succeeded vendor videos of the current profile, newest first, one entry per task. */
export function useExtendableVideos(enabled: boolean) {
  const bridge = useBridge();
  const profileId = useConnection().data?.profileId;
  return useQuery({
    queryKey: queryKeys.tasks.formsExtendable(profileId),
    enabled: enabled && profileId !== undefined,
    staleTime: 2_000,
    queryFn: async (): Promise<RecentResult[]> => {
      const pages = await Promise.all(
        EXTENDABLE_OPERATIONS.map((operationId) =>
          bridge.call('listTasks', {
            filter: { operationId, statuses: ['succeeded'], sort: 'newest' },
            cursor: null,
            limit: 60,
          }),
        ),
      );
      return pages
        .flatMap((p) => p.items)
        .filter((task) => canExtend(task, profileId))
        .sort((a, b) => b.createdAt - a.createdAt)
        .flatMap((task) => {
          const result = task.results.find((r) => r.kind === 'video');
          return result ? [{ task, result }] : [];
        });
    },
  });
}
