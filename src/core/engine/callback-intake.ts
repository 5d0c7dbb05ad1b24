import { isTerminal } from '../../shared/domain/task';
import type { CallbackHint, CallbackVerdict } from '../callbacks/callback-receiver';
import { CallbackGate } from '../callbacks/callback-gate';
import { verifyCallbackSignature } from '../callbacks/signature';
import type { QueryOutcome } from '../gateway/adapter';
import type { GatewayTarget } from '../gateway/http';
import type { EngineContext } from './engine-context';
import { firstString } from '../gateway/parse';
import type { TaskRecord } from '../tasks/task-record';

export type CallbackIntakeDeps = Pick<
  EngineContext,
  'writer' | 'store' | 'gateway' | 'clock' | 'tuning' | 'callbackTokens' | 'target' | 'raise'
> & {
  poll: (task: TaskRecord, opts: { force: boolean }) => Promise<void>;
  outcome: (
    id: string,
    outcome: QueryOutcome,
    raw: unknown,
    plan: { nextPollAt: number | null; pollCount: number },
  ) => Promise<void>;
};

/**
 * A callback is a hint: its token and signature are checked, then the task is queried (the query, not the
 * callback body, decides the state), so duplicates are harmless and a forged one changes nothing.
 */
export class CallbackIntake {
  private readonly gate = new CallbackGate();

  constructor(private readonly deps: CallbackIntakeDeps) {}

  async onCallback(hint: CallbackHint): Promise<CallbackVerdict> {
    const { deps } = this;
    // Tasks of an earlier run are looked up on demand (start does not read every unfinished row).
    const id = deps.callbackTokens.get(hint.token) ?? deps.store.idForCallbackToken(hint.token);
    const task = id ? deps.writer.get(id) : null;
    // Only on its own task's path token: a valid signature for another task's taskNo changes nothing here.
    if (!task || task.internal.callbackToken !== hint.token) return 'unknown-task';
    const target = await deps.target(task);
    if (!target.apiKey || !verifyCallbackSignature(hint.taskNo, hint.timestamp, target.apiKey, hint.sign))
      return 'rejected';
    if (!this.gate.fresh(hint.timestamp, deps.clock.now())) return 'rejected';
    if (task.remoteId && task.remoteId !== hint.taskNo) return 'rejected';
    // A replay of what was already handled is answered without asking the gateway again.
    if (!this.gate.firstTime(task.id, hint.taskNo, hint.timestamp)) return 'accepted';
    if (isTerminal(task.status) || task.status === 'downloading') return 'accepted';
    if (!task.remoteId) return this.adopt(task, hint.taskNo, target);
    const current = deps.raise(task.id, { type: 'callback-received' }) ?? task;
    await deps.poll(current, { force: true });
    return 'accepted';
  }

  /**
   * A task without a gateway id (still submitting, or `unknown` after a crash) learns its taskNo from a
   * callback on its own path, but only once a query for that taskNo confirms the same model and a known
   * status, and never a taskNo another task already holds.
   */
  private async adopt(task: TaskRecord, taskNo: string, target: GatewayTarget): Promise<CallbackVerdict> {
    const { deps } = this;
    const heldByOther = () => {
      const holder = deps.store.heldBy(task.family, taskNo);
      return holder !== null && holder !== task.id;
    };
    if (heldByOther()) return 'rejected';
    const answer = await deps.gateway.queryOnce(task, taskNo, target, 30_000);
    if (!answer) return 'rejected';
    const { body, outcome } = answer;
    const model = firstString(body, ['data.model', 'model', 'data.model_name']);
    if (model !== task.model || outcome.status === 'unknown' || outcome.status === 'stalled')
      return 'rejected';
    const current = deps.writer.get(task.id);
    if (!current || current.remoteId || heldByOther())
      return current?.remoteId === taskNo ? 'accepted' : 'rejected';
    if (!deps.raise(task.id, { type: 'adopted', remoteId: taskNo })) return 'rejected';
    const later = isTerminal(outcome.status) ? null : deps.clock.now() + deps.tuning.pollBaseMs;
    await deps.outcome(task.id, outcome, body, { nextPollAt: later, pollCount: 0 });
    return 'accepted';
  }
}
