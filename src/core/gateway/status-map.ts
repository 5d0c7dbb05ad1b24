import type { TaskStatus } from '../../shared/domain/task';

/**
 * Every raw status of the spec and api-notes, lower-cased, mapped to the normalized lifecycle. Anything
 * not listed maps to `unknown` (non-terminal, shown as such, polling continues): never a crash.
 */
const MAP: Record<string, TaskStatus> = {
  // task gateway (spec)
  pending: 'queued',
  processing: 'running',
  success: 'succeeded',
  failed: 'failed',
  // video create (spec + OpenAI)
  queued: 'queued',
  in_progress: 'running',
  completed: 'succeeded',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  // vendor family (Kling)
  submitted: 'queued',
  succeed: 'succeeded',
  // new-api task envelope / unified
  not_start: 'queued',
  submitting: 'queued',
  in_queue: 'queued',
  running: 'running',
  succeeded: 'succeeded',
  failure: 'failed',
  error: 'failed',
  timeout: 'failed',
  expired: 'failed',
};

/** `unknown` / `UNKNOWN` from new-api is explicitly non-terminal (api-notes E.1): it stays `unknown`. */
export function mapRawStatus(raw: unknown): TaskStatus {
  if (typeof raw !== 'string') return 'unknown';
  const key = raw.trim().toLowerCase();
  // Own keys only: a status such as "constructor" or "__proto__" must not resolve to Object.prototype members.
  return Object.hasOwn(MAP, key) ? (MAP[key] ?? 'unknown') : 'unknown';
}
