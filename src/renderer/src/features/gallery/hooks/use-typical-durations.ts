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
 * What is typical for this task: the profile's own history once there is enough of it; before that what core
 * expected at submission (the demo gateway's own timings, or durations typical for the model); the generic
 * default only for tasks from before core said.
 */
export function useTypical(task: Pick<TaskSummary, 'profileId' | 'operationId' | 'expectedMs'>): Typical {
  const learnt = useContext(TypicalContext).get(keyOf(task));
  if (learnt) return learnt;
  if (task.expectedMs !== null && task.expectedMs > 0) return typicalFromExpected(task.expectedMs);
  return DEFAULT_TYPICAL[outputOf(task.operationId)];
}
