import { isTerminal, type TaskResult, type TaskStatus } from '../../../shared/domain/task';
import type { RemoteResult } from '../../gateway/parse';
import { isBookkeeping } from '../poll-book';
import { mergeResults, withEvent } from '../record-factory';
import type { TaskRecord } from '../../tasks/task-record';
import type { OutcomeFacts, TaskEvent } from './task-events';
import { unreadableStatusError } from '../answer-text';
import { LOG, MESSAGE } from './texts';
import { queueTransition } from './queue-transitions';

export type { TaskEvent } from './task-events';

/** What the engine does after a transition is written. */
export type Effect =
  /** Query the gateway for this task at `at` (engine clock). */
  | { kind: 'poll'; at: number }
  /** Download the task's results; `inline` carries b64 results that exist only in the answer just read. */
  | { kind: 'download'; inline: RemoteResult[] }
  /** Drop what memory holds for the task (callback token, inline results kept for a retry). */
  | { kind: 'forget' };

/** One decided change: the patch to write (null: the event changes nothing now) and the work that follows. */
export interface Transition {
  patch: Partial<TaskRecord> | null;
  effects: Effect[];
  /**
   * `now`: written at once. `soon`: a poll that learned only "not yet" (bookkeeping, see PollBook): kept in
   * memory and written with the next flush.
   */
  persist: 'now' | 'soon';
}

/**
 * Every move of a task's status the lifecycle may make (from → to). A status missing from a list is a move
 * that never happens; `failed` moves nowhere. The moves out of `succeeded` and `cancelled` are the user's
 * (retry the download, check again); see {@link USER_EVENTS}.
 *
 * Issue 30 (a local queue with gateway slots): a new task is `waiting` until its profile has a free slot
 * (`waiting → submitting` on `dequeued`), the user may cancel it there (`withdrawn`), and a "not now"
 * refusal (1303, 1302, 429) puts it back (`submitting → waiting` on `deferred`). See queue-transitions.ts.
 */
export const ALLOWED: Record<TaskStatus, TaskStatus[]> = {
  waiting: ['submitting', 'cancelled'],
  submitting: ['waiting', 'queued', 'running', 'downloading', 'failed', 'cancelled', 'unknown'],
  queued: ['running', 'downloading', 'failed', 'cancelled', 'unknown', 'stalled'],
  running: ['queued', 'downloading', 'failed', 'cancelled', 'unknown', 'stalled'],
  unknown: ['submitting', 'queued', 'running', 'downloading', 'failed', 'cancelled', 'stalled'],
  stalled: ['queued', 'running', 'downloading', 'failed', 'cancelled', 'unknown'],
  downloading: ['succeeded'],
  succeeded: ['downloading'],
  failed: [],
  cancelled: ['queued'],
};

/**
 * The only events that may move a finished task again: "check again" (revive) and a retry of its files.
 * The user raises both; the engine also retries a finished task's unfinished files after a restart or once
 * a full disk has room again (as the user's "retry download" would).
 */
export const USER_EVENTS: ReadonlySet<TaskEvent['type']> = new Set(['revived', 'retry-download']);

/** Statuses in which a task is polled (a poll effect is allowed only into these). */
export const POLLED: ReadonlySet<TaskStatus> = new Set(['queued', 'running', 'unknown', 'stalled']);

const nothing: Transition = { patch: null, effects: [], persist: 'now' };
const write = (patch: Partial<TaskRecord>, effects: Effect[] = []): Transition => ({
  patch,
  effects,
  persist: 'now',
});
/** Waiting on the gateway (not finished, not downloading): the only states a gateway answer may move. */
const awaitingGateway = (t: TaskRecord): boolean => !isTerminal(t.status) && t.status !== 'downloading' && t.status !== 'waiting';
const pollAt = (at: number | null): Effect[] => (at === null ? [] : [{ kind: 'poll', at }]);

/** A task that never reached the gateway: Send may send it (once). State, not log text (issue 27). */
export const neverSent = (t: TaskRecord): boolean =>
  !t.remoteId && t.status === 'unknown' && t.internal.sendPhase === 'local';

/**
 * The lifecycle: what `event` does to `task` at `now`. Pure (no I/O, no clock, no randomness): the engine
 * writes the patch through the TaskWriter and runs the effects. An event that does not apply to the task's
 * state (a late answer for a task the user stopped, a second send) gives no patch.
 */
export function transition(task: TaskRecord, event: TaskEvent, now: number): Transition {
  const log = (message: string) => withEvent(task, message, now);
  const internal = (p: Partial<TaskRecord['internal']>) => ({ ...task.internal, ...p });
  switch (event.type) {
    case 'dequeued':
    case 'deferred':
    case 'send-unrecorded':
    case 'reranked':
    case 'withdrawn': {
      const patch = queueTransition(task, event, now);
      return patch ? write(patch) : nothing;
    }
    case 'sending':
      if (task.status !== 'submitting' || task.internal.sendPhase !== 'local') return nothing;
      return write({ internal: internal({ sendPhase: 'wire' }), events: log(LOG.sending) });
    case 'send-requested':
      if (!neverSent(task)) return nothing;
      return write({ status: 'submitting', rawStatus: null, error: null, events: log(LOG.sentByUser) });
    case 'not-sent':
      if (task.status !== 'submitting' || task.internal.sendPhase !== 'local') return nothing;
      return write({
        status: 'unknown',
        rawStatus: MESSAGE.notSentRaw,
        error: MESSAGE.notSent,
        events: log(LOG.notSent),
      });
    case 'maybe-sent': {
      if (task.status !== 'submitting') return nothing;
      const restart = event.cause === 'restart';
      return write({
        status: 'unknown',
        error: restart ? MESSAGE.interrupted : MESSAGE.connectionBroke,
        events: log(restart ? LOG.interrupted : `${LOG.connectionBroke}: ${event.message}`),
      });
    }
    case 'send-failed':
      if (task.status !== 'submitting') return nothing;
      return fail(task, event.message, now, event.raw === undefined ? {} : { lastRawResponse: event.raw });
    case 'refused':
      if (task.status !== 'submitting') return nothing;
      return fail(task, event.message, now, {
        lastRawResponse: event.raw,
        internal: internal({ sendPhase: 'answered', nextPollAt: null }),
      });
    case 'accepted-without-id':
      // A waiting task has no request on the wire (its last one was answered "not now"): a stray answer must
      // not mark it answered while the queue may still send it (found by the property test, seed 808716300).
      if (task.status === 'waiting') return nothing;
      return write({
        lastRawResponse: event.raw,
        submittedAt: now,
        internal: internal({ sendPhase: 'answered' }),
        ...(task.status === 'submitting'
          ? { status: 'unknown' as const, error: MESSAGE.noTaskId(event.quoted) }
          : {}),
        events: log(LOG.acceptedWithoutId),
      });
    case 'accepted': {
      if (task.status === 'waiting') return nothing; // as for accepted-without-id: no request of it is out
      const base = {
        lastRawResponse: event.raw,
        submittedAt: now,
        internal: internal({ sendPhase: 'answered' }),
      };
      // A callback may have beaten this answer and moved the task on; a task the user stopped stays stopped.
      if ((task.remoteId === event.remoteId && task.status !== 'submitting') || !awaitingGateway(task))
        return write({
          ...base,
          ...(task.remoteId ? {} : { remoteId: event.remoteId }),
          events: log(LOG.acceptedKnown(event.remoteId)),
        });
      return write(
        {
          ...base,
          status: 'queued',
          remoteId: event.remoteId,
          events: log(LOG.accepted(event.remoteId)),
          internal: internal({ sendPhase: 'answered', nextPollAt: event.firstPollAt }),
        },
        pollAt(event.firstPollAt),
      );
    }
    case 'answered-inline': {
      if (task.status !== 'submitting') return nothing;
      const answered: TaskRecord = {
        ...task,
        lastRawResponse: event.raw,
        submittedAt: now,
        internal: internal({ sendPhase: 'answered' }),
        events: log(LOG.answeredInline),
      };
      const out = outcomeTransition(answered, { ...event, nextPollAt: null, pollCount: 0 }, now);
      return {
        ...out,
        persist: 'now',
        patch: {
          lastRawResponse: event.raw,
          submittedAt: now,
          internal: answered.internal,
          events: answered.events,
          ...out.patch,
        },
      };
    }
    case 'polled':
      return awaitingGateway(task) ? outcomeTransition(task, event, now) : nothing;
    case 'poll-failed':
      if (!POLLED.has(task.status)) return nothing;
      return write(
        {
          internal: internal({ pollCount: task.internal.pollCount + 1, nextPollAt: event.nextPollAt }),
          events: log(LOG.pollFailed(event.message)),
        },
        pollAt(event.nextPollAt),
      );
    case 'poll-refused':
      if (!POLLED.has(task.status)) return nothing;
      return write(
        {
          lastRawResponse: event.raw,
          rateLimitedUntil: null,
          ...(event.httpStatus === 404 || event.httpStatus === 401
            ? { error: `Check failed: ${event.note}` }
            : {}),
          internal: internal({ pollCount: task.internal.pollCount + 1, nextPollAt: event.nextPollAt }),
          events: log(LOG.pollRefused(event.httpStatus, event.note)),
        },
        pollAt(event.nextPollAt),
      );
    case 'rate-limited':
      if (!POLLED.has(task.status)) return nothing;
      return write(
        {
          rateLimitedUntil: now + event.waitMs,
          internal: internal({ nextPollAt: now + event.waitMs }),
          events: log(LOG.rateLimited(event.waitMs)),
        },
        pollAt(now + event.waitMs),
      );
    case 'lost':
      return awaitingGateway(task) ? fail(task, MESSAGE.demoLost, now) : nothing;
    case 'horizon-passed':
      if (!POLLED.has(task.status)) return nothing;
      return write({
        status: 'stalled',
        error: MESSAGE.stalled,
        internal: internal({ nextPollAt: null }),
        events: log(LOG.stalled),
      });
    case 'stopped':
      // A download is local work, not tracking: it finishes (or is retried) on its own.
      if (!awaitingGateway(task)) return nothing;
      return write(
        {
          status: 'cancelled',
          error: MESSAGE.stopped,
          finishedAt: now,
          internal: internal({ nextPollAt: null }),
          events: log(LOG.stopped),
        },
        [{ kind: 'forget' }],
      );
    case 'revived':
      if (
        !task.remoteId ||
        !(task.status === 'stalled' || task.status === 'unknown' || task.status === 'cancelled')
      )
        return nothing;
      return write(
        {
          status: task.status === 'cancelled' ? 'queued' : task.status,
          internal: internal({ pollCount: 0, nextPollAt: now }),
        },
        pollAt(now),
      );
    case 'resumed':
      return POLLED.has(task.status) && task.remoteId
        ? write({ internal: internal({ nextPollAt: now }) }, pollAt(now))
        : nothing;
    case 'adopted':
      if (task.remoteId || !awaitingGateway(task)) return nothing;
      return write({
        remoteId: event.remoteId,
        status: task.status === 'unknown' ? 'queued' : task.status,
        error: null,
        internal: internal({ sendPhase: 'answered' }),
        events: log(LOG.adopted(event.remoteId)),
      });
    case 'callback-received':
      return write({ events: log(LOG.callback) });
    case 'retry-download':
      if (task.status !== 'succeeded' || task.results.every((r) => r.state === 'done')) return nothing;
      return write({ status: 'downloading', error: null });
    case 'file-changed':
      if (task.status !== 'downloading' && task.status !== 'succeeded') return nothing;
      return write({ results: withResult(task.results, event.index, event.patch) });
    case 'urls-refreshed':
      if (task.status !== 'downloading' && task.status !== 'succeeded') return nothing;
      return write({
        lastRawResponse: event.raw,
        results: mergeResults(task.results, event.results, event.output),
      });
    case 'downloads-done': {
      if (task.status !== 'downloading') return nothing;
      const results = event.last
        ? withResult(task.results, event.last.index, event.last.patch)
        : task.results;
      const failed = results.filter((r) => r.state !== 'done');
      return write(
        {
          status: 'succeeded',
          finishedAt: task.finishedAt ?? now,
          ...(event.last ? { results } : {}),
          error: failed.length ? MESSAGE.downloadFailed(failed.length, failed[0]?.error ?? '') : null,
          events: log(failed.length ? LOG.downloadFailed : LOG.downloaded),
        },
        failed.length ? [] : [{ kind: 'forget' }],
      );
    }
  }
}

function fail(task: TaskRecord, message: string, now: number, extra: Partial<TaskRecord> = {}): Transition {
  return write(
    {
      ...extra,
      status: 'failed',
      error: message,
      finishedAt: now,
      internal: { ...task.internal, ...extra.internal, nextPollAt: null },
      events: withEvent(task, LOG.failed(message), now),
    },
    [{ kind: 'forget' }],
  );
}

/** A gateway status the lifecycle does not let an answer set (those are Atelier's own states). */
const OWN_STATES: ReadonlySet<TaskStatus> = new Set(['submitting', 'downloading', 'stalled']);

/** What a normalized gateway outcome does: status, progress, results; a success starts the downloads. */
function outcomeTransition(
  current: TaskRecord,
  event: OutcomeFacts & { nextPollAt: number | null; pollCount: number },
  now: number,
): Transition {
  const { outcome } = event;
  let status: TaskStatus = OWN_STATES.has(outcome.status) ? 'unknown' : outcome.status;
  let error = outcome.error;
  if (status === 'succeeded' && outcome.results.length === 0) {
    status = 'failed';
    error = MESSAGE.noFile;
  }
  const succeeded = status === 'succeeded';
  const finished = succeeded || status === 'failed' || status === 'cancelled';
  const sizes = event.stagedSizes ?? {};
  const results = succeeded
    ? mergeResults(current.results, outcome.results, event.output).map((r) =>
        sizes[r.index] !== undefined ? { ...r, bytesTotal: sizes[r.index] ?? null } : r,
      )
    : undefined;
  const next: TaskStatus = succeeded ? 'downloading' : status;
  const patch: Partial<TaskRecord> = {
    status: next,
    rawStatus: outcome.rawStatus,
    progress: succeeded ? 100 : (outcome.progress ?? current.progress),
    error: status === 'unknown' ? unreadableStatusError(outcome.rawStatus, error, event.raw) : error,
    points: outcome.points ?? current.points,
    lastRawResponse: event.raw,
    rateLimitedUntil: null,
    ...(finished ? { finishedAt: now } : {}),
    ...(results ? { results } : {}),
    internal: {
      ...current.internal,
      pollCount: event.pollCount,
      nextPollAt: finished ? null : event.nextPollAt,
    },
    ...(next !== current.status
      ? { events: withEvent(current, LOG.status(outcome.rawStatus ?? status), now) }
      : {}),
  };
  const effects: Effect[] = succeeded
    ? [{ kind: 'download', inline: outcome.results.some((r) => r.kind === 'b64') ? outcome.results : [] }]
    : finished
      ? [{ kind: 'forget' }]
      : pollAt(event.nextPollAt);
  return { patch, effects, persist: isBookkeeping(patch, current) ? 'soon' : 'now' };
}

function withResult(results: readonly TaskResult[], index: number, patch: Partial<TaskResult>): TaskResult[] {
  return results.map((r) => (r.index === index ? { ...r, ...patch } : r));
}
