import type { TaskRecord } from '../tasks/task-record';
import { NOT_SENT_RAW } from '../../shared/domain/not-sent';

export { NOT_SENT_RAW };

/** Event written into a new task's row before it waits for a place under the submission cap. */
export const WAITING_EVENT = 'waiting to send';
/** Event written just before the request goes out: from here on the gateway may have the task. */
export const SENDING_EVENT = 'sending to the gateway';
export const NOT_SENT_ERROR =
  'Not sent: Atelier stopped before this task was sent, so the gateway never saw it. Use “Send” to send it now.';

/** A task that was still waiting in the local queue when the process stopped: it never reached the gateway. */
export const neverSent = (t: TaskRecord): boolean =>
  !t.remoteId &&
  t.events.some((e) => e.message === WAITING_EVENT) &&
  !t.events.some((e) => e.message === SENDING_EVENT);
