import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MethodInput } from '../../../../shared/bridge/contract';
import type { QueueSnapshot, QueueTask } from '../../../../shared/domain/queue';
import { useBridge } from '../../bridge/bridge-context';
import { queryKeys } from '../../state/query-keys';

/** The snapshot with the time it was read, so estimates count down between pushes. */
export interface QueueView {
  snapshot: QueueSnapshot;
  at: number;
}

/** Query key mirrors the contract method (conventions §8). */

const stamp = (snapshot: QueueSnapshot): QueueView => ({ snapshot, at: Date.now() });

let painted = false;

/** False until the first frame is on screen: the first screen stays one bridge call (issue 31). */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        painted = true;
        setReady(true);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready]);
  return ready;
}

/** The queue, kept current by `queueChanged` pushes (never polled); first read once the first screen painted. */
export function useQueue() {
  const bridge = useBridge();
  const qc = useQueryClient();
  const ready = useAfterFirstPaint();
  useEffect(() => bridge.on('queueChanged', (s) => qc.setQueryData(queryKeys.queue, stamp(s))), [bridge, qc]);
  return useQuery({ queryKey: queryKeys.queue, queryFn: async () => stamp(await bridge.call('getQueue', {})), enabled: ready });
}

/** A waiting task's place (position, reason, estimate), or null when it is not in the queue. */
export function useQueuePlace(taskId: string): { task: QueueTask; at: number } | null {
  const { data } = useQueue();
  if (!data) return null;
  for (const p of data.snapshot.profiles) {
    const task = p.waiting.find((w) => w.id === taskId);
    if (task) return { task, at: data.at };
  }
  return null;
}

function useQueueMutation<M extends 'setQueuePaused' | 'setQueueLimit' | 'moveQueued'>(method: M) {
  const bridge = useBridge();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MethodInput<M>) => bridge.call(method, input) as Promise<QueueSnapshot>,
    onSuccess: (s: QueueSnapshot) => qc.setQueryData(queryKeys.queue, stamp(s)),
  });
}

export const useSetQueuePaused = () => useQueueMutation('setQueuePaused');
export const useSetQueueLimit = () => useQueueMutation('setQueueLimit');
export const useMoveQueued = () => useQueueMutation('moveQueued');

export function useCancelQueued() {
  const bridge = useBridge();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MethodInput<'cancelQueued'>) => bridge.call('cancelQueued', input),
    onSuccess: () => refresh(qc),
  });
}

function refresh(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.queue });
}
