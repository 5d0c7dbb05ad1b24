import type { TaskRecord } from '../../tasks/task-record';
import { withEvent } from '../record-factory';
import type { QueueEvent } from './task-events';
import { LOG, MESSAGE } from './texts';

/** What a queue event (issue 30) changes; null: it does not apply to the task's state. */
export function queueTransition(task: TaskRecord, event: QueueEvent, now: number): Partial<TaskRecord> | null {
  const log = (message: string) => withEvent(task, message, now);
  const place = task.internal.queue ?? { rank: 0, notBefore: null, refusals: 0, reason: null };
  switch (event.type) {
    case 'dequeued':
      // The gate let it through: it is sent next (still `local` until the `sending` event).
      if (task.status !== 'waiting') return null;
      // A waiting task's raw status only ever said why it waited.
      return {
        status: 'submitting',
        rawStatus: null,
        rateLimitedUntil: null,
        internal: { ...task.internal, sendPhase: 'local', queue: { ...place, notBefore: null, reason: null } },
        events: log(LOG.dequeued),
      };
    case 'deferred':
      // "Not now" (1303, 1302, 429): the gateway created nothing and charged nothing, so the task waits again.
      // Only the answer to a request on the wire: a task the gateway accepted is never put back.
      if (task.status !== 'submitting' || task.internal.sendPhase !== 'wire') return null;
      return {
        status: 'waiting',
        error: null,
        rateLimitedUntil: event.until,
        lastRawResponse: event.raw,
        internal: {
          ...task.internal,
          sendPhase: 'local',
          nextPollAt: null,
          queue: { ...place, notBefore: event.until, refusals: place.refusals + 1, reason: event.kind === 'parallel' ? 'parallel-refusal' : 'rate-refusal' },
        },
        events: log(LOG.deferred(event.message, event.until - now)),
      };
    case 'send-unrecorded':
      // Asked between `sending` and the request: nothing went out, so it waits again (sent later, once).
      if (task.status !== 'submitting' || task.internal.sendPhase !== 'wire' || task.remoteId) return null;
      return {
        status: 'waiting',
        error: null,
        rawStatus: MESSAGE.sendUnrecordedRaw,
        internal: { ...task.internal, sendPhase: 'local', nextPollAt: null, queue: { ...place, notBefore: event.until, reason: 'ledger' } },
        events: log(LOG.sendUnrecorded(event.until - now)),
      };
    case 'reranked':
      if (task.status !== 'waiting') return null;
      return { internal: { ...task.internal, queue: { ...place, rank: event.rank } } };
    case 'withdrawn':
      if (task.status !== 'waiting') return null;
      return {
        status: 'cancelled',
        error: MESSAGE.withdrawn,
        finishedAt: now,
        rateLimitedUntil: null,
        internal: { ...task.internal, nextPollAt: null, queue: { ...place, notBefore: null, reason: null } },
        events: log(LOG.withdrawn),
      };
  }
}
