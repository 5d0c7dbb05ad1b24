import { createContext, useContext, useMemo } from 'react';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { outputOf } from '../model/operation-kind';
import { DEFAULT_TYPICAL, typicalFrom, typicalFromExpected, type Typical } from '../model/progress-estimate';

/** The history key: one gateway profile's one operation (the demo gateway and a real one differ a lot). */
const keyOf = (t: Pick<TaskSummary, 'profileId' | 'operationId'>): string =>
  `${t.profileId}\u0000${t.operationId}`;

/** Typical durations per profile and operation learnt from this library's own finished tasks (where there are enough). */
export function useTypicalDurations(items: readonly TaskSummary[]): Map<string, Typical> {
  return useMemo(() => {
    const samples = new Map<string, number[]>();
    for (const t of items) {
      if (t.status !== 'succeeded' || t.finishedAt === null || t.submittedAt === null) continue;
      const list = samples.get(keyOf(t)) ?? [];
      if (list.length < 200) list.push(t.finishedAt - t.submittedAt);
      samples.set(keyOf(t), list);
    }
    const out = new Map<string, Typical>();
    for (const [op, list] of samples) {
      const typical = typicalFrom(list);
      if (typical) out.set(op, typical);
    }
    return out;
  }, [items]);
}

export const TypicalContext = createContext<Map<string, Typical>>(new Map());

/**
 * What is typical for this task: what core's estimator expected at submission (the profile's history, else the
 * demo gateway's own timings, else durations typical for the model: one mechanism). Only tasks from before
 * core said fall back to this library's own history here, then to the generic default.
 */
export function useTypical(task: Pick<TaskSummary, 'profileId' | 'operationId' | 'expectedMs'>): Typical {
  const learnt = useContext(TypicalContext).get(keyOf(task));
  if (task.expectedMs !== null && task.expectedMs > 0) return typicalFromExpected(task.expectedMs);
  return learnt ?? DEFAULT_TYPICAL[outputOf(task.operationId)];
}
