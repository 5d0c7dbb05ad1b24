import { NOT_SENT_RAW } from '../../../shared/domain/not-sent';
import { quoteAnswer } from '../answer-text';

/**
 * The lines a task's event log gets (shown in the detail view). Nothing reads them back: recovery reads
 * state (`sendPhase`, `status`, `remoteId`), so any of these can be reworded freely (a test rewrites them
 * all and runs the recovery tests). Mutable on purpose, for that test.
 */
export const LOG = {
  created: 'created',
  waiting: 'waiting to send',
  dequeued: 'a slot is free: sending',
  deferred: (message: string, ms: number) => `the gateway said not now (${message}); waiting again, next try in ${Math.max(1, Math.round(ms / 1000))} s`,
  withdrawn: 'cancelled while waiting: nothing was sent',
  sendUnrecorded: (ms: number) => `not sent: the team database did not record the send in time; waiting again, next try in ${Math.max(1, Math.round(ms / 1000))} s`,
  sending: 'sending to the gateway',
  sentByUser: 'sent by the user after a restart',
  notSent: 'not sent (Atelier stopped first)',
  interrupted: 'interrupted during submission',
  connectionBroke: 'submission interrupted',
  answeredInline: 'answered synchronously',
  acceptedWithoutId: 'accepted without a task id',
  accepted: (remoteId: string) => `accepted as ${remoteId}`,
  acceptedKnown: (remoteId: string) => `accepted as ${remoteId} (already known)`,
  adopted: (remoteId: string) => `taskNo ${remoteId} learned from a callback, confirmed by a query`,
  pollFailed: (message: string) => `poll failed: ${message}`,
  pollRefused: (status: number, note: string) => `poll answered ${status}: ${note}`,
  rateLimited: (ms: number) => `rate limited for ${Math.round(ms / 1000)} s`,
  status: (raw: string) => `status ${raw}`,
  failed: (message: string) => `failed: ${message}`,
  stalled: 'stalled',
  stopped: 'tracking stopped',
  callback: 'callback received',
  downloaded: 'downloaded',
  downloadFailed: 'download failed',
};

/** What the user reads on a task (its `error`): tests may match these, and they change with care. */
export const MESSAGE = {
  notSentRaw: NOT_SENT_RAW,
  notSent:
    'Not sent: Atelier stopped before this task was sent, so the gateway never saw it. Use “Send” to send it now.',
  interrupted:
    'Atelier stopped while this task was being submitted. The gateway may have accepted it; check before resubmitting.',
  connectionBroke:
    'The connection broke after the request was sent; the gateway may have accepted it. Check the gallery before resubmitting.',
  noTaskId: (raw: unknown) =>
    `The gateway accepted the request but its answer carried no task id: ${quoteAnswer(raw)}. Check the gateway before resubmitting.`,
  demoLost:
    'The demo gateway was restarted and could not restore this task (its saved state was missing or unreadable). Reuse its settings to run it again.',
  stalled: 'No result after a long wait. The gateway may still finish it: use “check again”.',
  withdrawn: 'Cancelled before it was sent: the gateway never saw it and nothing was spent.',
  /** The raw status of a task the team database did not record as being sent (so it was not sent). */
  sendUnrecordedRaw: 'Waiting for the team database: it did not confirm in time, so this task was not sent yet',
  stopped: 'You stopped tracking this task; the gateway may still finish it. “Check again” resumes.',
  noFile: 'The gateway reported success but returned no file.',
  downloadFailed: (count: number, first: string) =>
    `${count} file(s) could not be downloaded: ${first} — use “retry download”.`,
  editNotCheckable:
    'Image edits answer at once and cannot be checked later. Reuse its settings to try again.',
  noGatewayId:
    'This task has no gateway id, so it cannot be checked. Look at your gateway account, or resubmit it.',
};
