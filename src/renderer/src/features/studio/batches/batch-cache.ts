import type { QueryClient } from '@tanstack/react-query';
import type { BatchGroup } from '../../../../../shared/domain/studio';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { queryKeys } from '../../../state/query-keys';

/**
 * A task changed: its member in the cached batches is replaced in place (no refetch). A task of a batch the
 * cache does not hold yet (a new submission) refetches the list once.
 */
export function patchBatchMember(qc: QueryClient, task: TaskSummary): void {
  if (!task.batchId) return;
  const data = qc.getQueryData<BatchGroup[]>(queryKeys.batches);
  if (!data) return;
  const batch = data.find((b) => b.id === task.batchId);
  if (!batch || !batch.members.some((m) => m.id === task.id)) {
    void qc.invalidateQueries({ queryKey: queryKeys.batches, exact: true });
    return;
  }
  qc.setQueryData<BatchGroup[]>(queryKeys.batches, (old) =>
    old?.map((b) => (b.id === task.batchId ? { ...b, members: b.members.map((m) => (m.id === task.id ? task : m)) } : b)),
  );
}

/** A task was deleted: it leaves its batch; a batch left empty leaves the list. */
export function dropBatchMember(qc: QueryClient, id: string): void {
  qc.setQueryData<BatchGroup[]>(queryKeys.batches, (old) =>
    old?.map((b) => ({ ...b, members: b.members.filter((m) => m.id !== id) })).filter((b) => b.members.length > 0),
  );
}
