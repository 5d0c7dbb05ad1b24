import type { TaskDetail, TaskSummary } from '../../shared/domain/task';
import type { QueuePlace } from '../queue/queue-place';

/**
 * How far a task's submission got: `local` (written, not sent: Send may send it), `wire` (the request went
 * out; without its answer the gateway may have the task, so it is never sent again), `answered` (the gateway
 * answered the submission, or a callback named the task).
 */
export type SendPhase = 'local' | 'wire' | 'answered';

/** Engine bookkeeping stored with a task; never sent over the bridge. */
export interface TaskInternal {
  /** See {@link SendPhase}: what crash recovery reads (never the event log's text). */
  sendPhase: SendPhase;
  /** Epoch ms of the next poll; null when nothing is scheduled. */
  nextPollAt: number | null;
  /** Polls made since the last status change (drives backoff). */
  pollCount: number;
  /** Unguessable token in this task's callback URL path (task gateway only). */
  callbackToken: string | null;
  /** Base URL and vendor of the profile at submission, so a task keeps polling where it was sent. */
  baseUrl: string;
  vendor: string;
  /** Path the task was submitted to (the vendor family queries `<path>/<id>`). */
  submitPath: string;
  /**
   * Expected duration the poll schedule trusts (the profile's history or the gateway's own figures, not a
   * typical guess): the first poll lands near it. Null or absent: backoff.
   */
  pollExpectedMs?: number | null;
  /** The slow end (90th percentile) of that duration's spread, when known: the poll plan's second look. */
  pollHighMs?: number | null;
  /** Its place in Atelier's own queue while `waiting` (issue 30); kept after, absent on older rows. */
  queue?: QueuePlace | null;
}

/** A task as core stores it: the bridge's detail view plus engine bookkeeping. */
export interface TaskRecord extends TaskDetail {
  internal: TaskInternal;
}

const SUMMARY_KEYS = [
  'id', 'operationId', 'family', 'model', 'profileId', 'demo', 'status', 'rawStatus', 'remoteId', 'prompt', 'progress',
  'error', 'points', 'favourite', 'rateLimitedUntil', 'createdAt', 'submittedAt', 'finishedAt', 'updatedAt', 'results',
  'expectedMs', 'batchId', 'rejected',
] as const satisfies readonly (keyof TaskSummary)[];

export function toSummary(r: TaskRecord): TaskSummary {
  const out: Partial<Record<keyof TaskSummary, unknown>> = {};
  for (const k of SUMMARY_KEYS) out[k] = r[k];
  return out as TaskSummary;
}

export function toDetail(r: TaskRecord): TaskDetail {
  const { internal: _internal, ...detail } = r;
  return detail;
}
