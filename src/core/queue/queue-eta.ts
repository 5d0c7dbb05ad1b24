/**
 * When each waiting task of one profile is expected to start (issue 30: "starts in ~2 min"), from the
 * estimator's expected durations: the running tasks free their slots when they are expected to finish, and
 * each waiting task, in line order, takes the slot that frees first and holds it for its own expected time.
 */
export interface RunningSlot {
  /** When the task is expected to finish (engine clock); null: no estimate. */
  finishAt: number | null;
}

export interface WaitingEstimate {
  id: string;
  /** The task's expected duration from the estimator; null: no estimate. */
  expectedMs: number | null;
  notBefore: number | null;
}

export interface EtaInput {
  limit: number | null;
  running: readonly RunningSlot[];
  /** In line order. */
  waiting: readonly WaitingEstimate[];
  now: number;
  /** Used for a task without an estimate (its operation's typical time). */
  fallbackMs: number;
}

/** Milliseconds until each waiting task is expected to start (0: at once). */
export function startEstimates(input: EtaInput): Map<string, number> {
  const { now, fallbackMs } = input;
  const out = new Map<string, number>();
  const finish = (at: number | null): number => Math.max(now, at ?? now + fallbackMs);
  if (input.limit === null) {
    for (const w of input.waiting) out.set(w.id, Math.max(0, (w.notBefore ?? now) - now));
    return out;
  }
  const limit = Math.max(1, input.limit);
  // More tasks may run than the limit allows (a limit learned or lowered while they ran): a slot frees only
  // when the running count drops below the limit, i.e. at the latest `limit` finish times.
  const frees = input.running.map((r) => finish(r.finishAt)).sort((a, b) => a - b).slice(-limit);
  while (frees.length < limit) frees.unshift(now);
  frees.sort((a, b) => a - b);
  for (const w of input.waiting) {
    const slotAt = frees.shift() ?? now;
    const start = Math.max(slotAt, w.notBefore ?? now, now);
    out.set(w.id, start - now);
    insertSorted(frees, start + (w.expectedMs ?? fallbackMs));
  }
  return out;
}

function insertSorted(list: number[], value: number): void {
  const at = list.findIndex((v) => v > value);
  if (at < 0) list.push(value);
  else list.splice(at, 0, value);
}
