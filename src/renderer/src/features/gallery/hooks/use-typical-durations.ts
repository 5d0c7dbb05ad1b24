import { createContext, useContext, useMemo } from 'react';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { outputOf } from '../model/operation-kind';
import { DEFAULT_TYPICAL, typicalFrom, type Typical } from '../model/progress-estimate';

/** Typical durations per operation learnt from this library's own finished tasks (where there are enough). */
export function useTypicalDurations(items: readonly TaskSummary[]): Map<string, Typical> {
  return useMemo(() => {
    const samples = new Map<string, number[]>();
    for (const t of items) {
      if (t.status !== 'succeeded' || t.finishedAt === null || t.submittedAt === null) continue;
      const list = samples.get(t.operationId) ?? [];
      if (list.length < 200) list.push(t.finishedAt - t.submittedAt);
      samples.set(t.operationId, list);
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

export function useTypical(operationId: string): Typical {
  return useContext(TypicalContext).get(operationId) ?? DEFAULT_TYPICAL[outputOf(operationId)];
}
