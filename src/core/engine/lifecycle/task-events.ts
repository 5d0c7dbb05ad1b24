import type { TaskResult } from '../../../shared/domain/task';
import type { QueryOutcome } from '../../gateway/adapter';
import type { RemoteResult } from '../../gateway/parse';

/** A gateway outcome as the poller read it, with what the schedule planned next. */
export interface OutcomeFacts {
  outcome: QueryOutcome;
  /** The answer as stored (already scrubbed of keys by the writer). */
  raw: unknown;
  output: 'image' | 'video';
  /** Sizes of inline (b64) results already staged on disk, by result index (recorded as `bytesTotal`). */
  stagedSizes?: Readonly<Record<number, number>>;
}

/**
 * Everything that can happen to a task, as facts. The engine, the poller, the downloader, callbacks and the
 * user's actions raise these; {@link transition} decides what each one does.
 */
/** The queue's events (issue 30): see queue-transitions.ts. */
export type QueueEvent =
  /** The gate let a waiting task through: it is sent now. */
  | { type: 'dequeued' }
  /** The gateway said "not now" (1303 parallel limit, 1302 or 429 rate): back to waiting until `until`. */
  | { type: 'deferred'; kind: 'parallel' | 'rate'; message: string; raw: unknown; until: number }
  /**
   * Team mode: the team database did not record that the request goes out (it is away or does not answer, or
   * another machine holds the task now). Nothing was sent: the task waits again, at the earliest until `until`.
   */
  | { type: 'send-unrecorded'; until: number }
  /** The user moved a waiting task in its line. */
  | { type: 'reranked'; rank: number }
  /** The user cancelled a waiting task: nothing was sent, nothing spent. */
  | { type: 'withdrawn' };

export type TaskEvent =
  | QueueEvent
  // ---- submission -------------------------------------------------------------------------------
  /** The request goes out now: from here on the gateway may have the task (sendPhase local → wire). */
  | { type: 'sending' }
  /** The user sends a task that never left the local queue (Send after a restart). */
  | { type: 'send-requested' }
  /** At a restart: the task never left the local queue. */
  | { type: 'not-sent' }
  /** The request may have reached the gateway but no answer was read (a restart, or a broken connection). */
  | { type: 'maybe-sent'; cause: 'restart' | 'connection'; message: string }
  /** Nothing reached the gateway (no connection, an input that could not be read): failed. */
  | { type: 'send-failed'; message: string; raw?: unknown }
  /** The gateway refused the submission (an error status, or a refusal in a 200 envelope). */
  | { type: 'refused'; message: string; raw: unknown }
  /** The gateway accepted the task under `remoteId`; first poll at `firstPollAt`. */
  | { type: 'accepted'; remoteId: string; raw: unknown; firstPollAt: number }
  /** A 2xx answer without a task id: the gateway may have it, Atelier cannot tell which. */
  | { type: 'accepted-without-id'; raw: unknown; quoted: unknown }
  /** The submission's own answer carried the outcome (image edits). */
  | ({ type: 'answered-inline' } & OutcomeFacts)
  // ---- polling ----------------------------------------------------------------------------------
  /** A status query answered with an outcome; `nextPollAt`/`pollCount` as the schedule planned them. */
  | ({ type: 'polled'; nextPollAt: number | null; pollCount: number } & OutcomeFacts)
  /** The query got no answer (network). */
  | { type: 'poll-failed'; message: string; nextPollAt: number }
  /** The query was answered with an error status (not 429). */
  | { type: 'poll-refused'; httpStatus: number; note: string; raw: unknown; nextPollAt: number }
  | { type: 'rate-limited'; waitMs: number }
  /** The (demo) gateway no longer knows the task. */
  | { type: 'lost' }
  | { type: 'horizon-passed' }
  /** At a restart: a task with a gateway id and no planned poll is polled now. */
  | { type: 'resumed' }
  // ---- callbacks --------------------------------------------------------------------------------
  | { type: 'callback-received' }
  /** A task without a gateway id learns it from a callback confirmed by a query. */
  | { type: 'adopted'; remoteId: string }
  // ---- user -------------------------------------------------------------------------------------
  | { type: 'stopped' }
  /** "Check again" on a stalled, unknown or stopped task. */
  | { type: 'revived' }
  /** A retry of a finished task's files not on disk: "retry download", or the engine after a restart or a full disk. */
  | { type: 'retry-download' }
  // ---- downloads (reported by the result downloader) --------------------------------------------
  | { type: 'file-changed'; index: number; patch: Partial<TaskResult> }
  | { type: 'urls-refreshed'; raw: unknown; results: RemoteResult[]; output: 'image' | 'video' }
  /** Every file was tried; `last` is the last file's result, written with the final state in one write. */
  | { type: 'downloads-done'; last: { index: number; patch: Partial<TaskResult> } | null };

export type TaskEventType = TaskEvent['type'];
