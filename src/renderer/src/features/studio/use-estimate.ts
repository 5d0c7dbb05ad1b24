import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OperationId } from '../../../../shared/operations/ids';
import { useBridge } from '../../bridge/bridge-context';
import { useFirstFramePainted } from '../../boot/first-frame';
import { combineEstimates, type CombinedEstimate } from './estimate-text';
import { queryKeys } from '../../state/query-keys';

/** The values that change time and price (core's variant key), so typing a prompt does not refetch. */
const PRICED = ['duration', 'seconds', 'size', 'mode', 'quality', 'n'] as const;

/** The estimate for what Generate would send now: each model (one or several) × count. */
export function useEstimate(operationId: OperationId, values: Record<string, unknown>, models: string[], count: number): CombinedEstimate | null | undefined {
  const bridge = useBridge();
  const qc = useQueryClient();
  // A task that finishes teaches the estimator: refetch the figures.
  useEffect(
    () =>
      bridge.on('taskChanged', (t) => {
        if (t.finishedAt !== null && (t.status === 'downloading' || t.status === 'succeeded')) void qc.invalidateQueries({ queryKey: queryKeys.estimates.all });
      }),
    [bridge, qc],
  );
  // Not part of the first screen's one call: asked once it has painted.
  const painted = useFirstFramePainted();
  const priced = Object.fromEntries(PRICED.filter((k) => values[k] !== undefined && values[k] !== null).map((k) => [k, values[k]]));
  const results = useQueries({
    queries: models.map((model) => ({
      queryKey: queryKeys.estimates.one(operationId, model, priced),
      queryFn: () => bridge.call('estimateTask', { operationId, values: { ...priced, model } }),
      staleTime: 10_000,
      enabled: painted,
    })),
  });
  if (results.some((r) => r.isPending)) return undefined;
  const data = results.map((r) => r.data).filter((d) => d !== undefined);
  return data.length === models.length ? combineEstimates(data, count) : null;
}
