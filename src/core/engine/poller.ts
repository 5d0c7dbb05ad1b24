import { isTerminal } from '../../shared/domain/task';
import { errorMessage } from '../../shared/error-message';
import { getOperation } from '../../shared/operations/catalog';
import type { QueryOutcome } from '../gateway/adapter';
import { ADAPTERS } from '../gateway/adapters';
import type { RemoteResult } from '../gateway/parse';
import type { TaskRecord } from '../tasks/task-record';
import type { EngineContext } from './engine-context';
import { nextPollDelay, pastHorizon } from './poll-schedule';

export type PollerDeps = Pick<
  EngineContext,
  | 'writer'
  | 'store'
  | 'gateway'
  | 'clock'
  | 'log'
  | 'tuning'
  | 'requests'
  | 'target'
  | 'raise'
  | 'scrub'
  | 'track'
  | 'wake'
  | 'team'
> & {
  /** Writes inline (b64) results to their part files before the state naming them is saved: sizes by index. */
  stageInline: (id: string, results: readonly RemoteResult[]) => Promise<Map<number, number>>;
  /** Restarts the downloads a full disk stopped, once it has room again. */
  restartDownload: (id: string) => void;
};

/**
 * Polling: which due tasks are queried in a scheduler pass, one status query per task at a time, and what
 * its answer is as a lifecycle event. Also the outcome of a submission answered inline and of a callback's
 * confirming query, which read the same way.
 */
export class Poller {
  private readonly busy = new Set<string>();
  /**
   * The last pass left due polls unstarted (no room under the cap, or more due than it read): a finished
   * poll then asks for a pass at once. Otherwise the next one comes at its planned time (the scheduler's
   * wakeAt), and a finished poll costs no pass (issue 27's CPU: a pass per poll, most of them finding nothing).
   */
  private starved = false;

  constructor(private readonly deps: PollerDeps) {}

  /**
   * One scheduler pass: start the due polls the global cap allows, mark tasks past their horizon stalled.
   * Reads only as many due rows as it can start (plus those being polled, which are still due), so a pass
   * stays cheap with thousands of tasks; a finished poll asks for the next pass. Answers the next pass's time.
   */
  pass(): number {
    const { writer, clock, tuning } = this.deps;
    const idle = tuning.idleTickMs;
    if (writer.diskFull) {
      const restart = writer.recoverFromDiskFull();
      // Nothing is polled while nothing can be saved: back off (never spin), try again later.
      if (!restart) return clock.now() + writer.diskRetryDelay(idle, idle * 30);
      restart.forEach((id) => this.deps.restartDownload(id));
    }
    try {
      const now = clock.now();
      const { requests } = this.deps;
      const room = requests.room;
      // Over-read by what memory moved later (the stored time may still say due), then read from memory.
      const limit = room + this.busy.size + writer.keptCount;
      const stored = room > 0 ? this.deps.store.dueIds(now, limit) : [];
      const ids = writer.dueOf(stored, now);
      this.starved = room <= 0 || stored.length >= limit;
      for (const task of ids.slice(0, room + this.busy.size).flatMap((id) => writer.get(id) ?? [])) {
        if (this.busy.has(task.id) || (this.deps.team && !this.deps.team.mayWork(task.id))) continue;
        if (!requests.hasRoom) {
          this.starved = true;
          break;
        }
        if (pastHorizon(task, now, tuning)) this.deps.raise(task.id, { type: 'horizon-passed' });
        else void this.deps.track(this.poll(task));
      }
    } catch (e) {
      this.starved = true;
      this.deps.log.error('scheduler tick failed', { error: e instanceof Error ? e.stack : errorMessage(e) });
    }
    return clock.now() + idle;
  }

  /** Queries one task and raises what the gateway says. De-duplicated: one query per task at a time. */
  async poll(task: TaskRecord, opts: { force?: boolean } = {}): Promise<void> {
    if (this.busy.has(task.id) && !opts.force) return;
    const path = task.remoteId
      ? ADAPTERS[task.family].queryPath({ remoteId: task.remoteId, submitPath: task.internal.submitPath })
      : null;
    if (!path) return;
    this.busy.add(task.id);
    try {
      await this.deps.requests.run(() => this.query(task, path));
    } finally {
      this.busy.delete(task.id);
      // A place under the global cap just came free: start the next due poll now, not at the next idle pass
      // (with the idle pass alone, throughput was capped at maxRequestsInFlight polls per idleTickMs).
      if (this.starved) this.deps.wake();
    }
  }

  private async query(task: TaskRecord, path: string): Promise<void> {
    const { writer, clock, tuning } = this.deps;
    const target = await this.deps.target(task);
    const output = getOperation(task.operationId).output;
    const asked = clock.now();
    const later = (pollCount: number, hint: number | null, progress: number | null = null) =>
      asked +
      nextPollDelay(
        {
          output,
          pollCount,
          serverHintMs: hint,
          callbackExpected: !!task.internal.callbackToken,
          expectedMs: task.internal.pollExpectedMs,
          highMs: task.internal.pollHighMs ?? null,
          elapsedMs: asked - (task.submittedAt ?? task.createdAt),
          progress,
        },
        tuning,
      );
    const answer = await this.deps.gateway.query(task, target, path);
    const current = writer.get(task.id);
    if (!current) return;
    const pollCount = current.internal.pollCount + 1;
    switch (answer.kind) {
      case 'no-answer':
        this.deps.raise(task.id, {
          type: 'poll-failed',
          message: answer.message,
          nextPollAt: later(pollCount, null),
        });
        return;
      case 'rate-limited':
        this.deps.raise(task.id, { type: 'rate-limited', waitMs: answer.waitMs });
        return;
      case 'refused':
        // The demo gateway keeps tasks in memory: after its restart it no longer knows this one. Say so and
        // stop, rather than leaving the task "Queued" forever.
        if (answer.httpStatus === 404 && current.demo) this.deps.raise(task.id, { type: 'lost' });
        else
          this.deps.raise(task.id, {
            type: 'poll-refused',
            httpStatus: answer.httpStatus,
            note: this.deps.scrub(answer.note, target),
            raw: answer.raw,
            nextPollAt: later(pollCount, answer.retryAfterMs),
          });
        return;
      case 'outcome': {
        const count = answer.outcome.status !== current.status ? 0 : pollCount;
        const next = isTerminal(answer.outcome.status) ? null : later(count, answer.retryAfterMs, answer.outcome.progress);
        await this.outcome(task.id, 'polled', answer.outcome, answer.raw, {
          nextPollAt: next,
          pollCount: count,
        });
      }
    }
  }

  /** Raises a gateway outcome; a success's inline results are staged on disk first, then the state naming them. */
  async outcome(
    id: string,
    type: 'polled' | 'answered-inline',
    outcome: QueryOutcome,
    raw: unknown,
    plan: { nextPollAt: number | null; pollCount: number } = { nextPollAt: null, pollCount: 0 },
  ): Promise<void> {
    const current = this.deps.writer.get(id);
    if (!current) return;
    let staged: Map<number, number> | null = null;
    if (outcome.status === 'succeeded' && outcome.results.some((r) => r.kind === 'b64'))
      staged = await this.deps.stageInline(id, outcome.results).catch((e: unknown) => {
        this.deps.log.warn('could not stage an inline result', { id, error: errorMessage(e) });
        return null;
      });
    const facts = {
      outcome,
      raw,
      output: getOperation(current.operationId).output,
      ...(staged ? { stagedSizes: Object.fromEntries(staged) } : {}),
    };
    this.deps.raise(id, type === 'polled' ? { type, ...facts, ...plan } : { type, ...facts });
  }

  /** Result URLs expire (api-notes E.3): query the finished task again and take the fresh URLs it hands out. */
  async refreshResultUrls(task: TaskRecord): Promise<void> {
    if (!task.remoteId) return;
    await this.deps.requests.run(async () => {
      const answer = await this.deps.gateway.queryOnce(
        task,
        task.remoteId,
        await this.deps.target(task),
        60_000,
      );
      const current = this.deps.writer.get(task.id);
      if (!answer || !current || answer.outcome.results.length === 0) return;
      const output = getOperation(current.operationId).output;
      this.deps.raise(task.id, {
        type: 'urls-refreshed',
        raw: answer.body,
        results: answer.outcome.results,
        output,
      });
    });
  }
}
