import { getOperation } from '../../shared/operations/catalog';
import type { OperationId } from '../../shared/operations/ids';
import type { Estimator } from '../estimates/estimator';
import type { TaskRecord } from '../tasks/task-record';
import type { EngineTuning } from './tuning';

/** What the schedule knows about one task when it plans the next poll. */
export interface PollPlanInput {
  output: 'image' | 'video';
  /** Polls since the last status change (drives the backoff when the duration is unknown). */
  pollCount: number;
  /** A delay the server asked for (Retry-After, openai-poll-after-ms): honoured as a floor. */
  serverHintMs: number | null;
  callbackExpected: boolean;
  /** How long a task like this is expected to take (the Estimator's median), or null when unknown. */
  expectedMs?: number | null;
  /** Time since the task was submitted. */
  elapsedMs?: number;
}

/** The first poll waits this much past the expected finish, so a task finishing on time is seen at once. */
const FIRST_POLL_MARGIN = 0.03;
const FIRST_POLL_MARGIN_MIN_MS = 150;
/** After the expected finish: every max(pollBaseMs, expected / DENSIFY) until done. */
const DENSIFY = 4;

/**
 * Delay before the next poll.
 *
 * - Duration known (`expectedMs`, learned per profile, operation and model): the first poll lands just
 *   after the expected finish; past it, polls come every max(base, expected / 4), capped like the backoff,
 *   so a late task is seen within a fraction of its own length. Jitter is small and only later (0–5 %).
 * - Duration unknown: quick at first, growing ×1.5 per poll up to a cap (longer for video), ±20 % jitter
 *   so many tasks never poll in lockstep.
 *
 * Either way, a callback expected slows polling by `callbackSlowdown` (the callback is the preferred
 * signal), and a delay the server asked for is a floor.
 */
export function nextPollDelay(
  opts: PollPlanInput,
  tuning: EngineTuning,
  random: () => number = Math.random,
): number {
  const cap = opts.output === 'video' ? tuning.pollMaxVideoMs : tuning.pollMaxImageMs;
  const expected = opts.expectedMs ?? null;
  let delay: number;
  if (expected !== null && expected > 0 && Number.isFinite(expected)) {
    const remaining = expected - (opts.elapsedMs ?? 0);
    const margin = Math.max(FIRST_POLL_MARGIN_MIN_MS, expected * FIRST_POLL_MARGIN);
    delay =
      remaining > 0 ? remaining + margin : Math.min(cap, Math.max(tuning.pollBaseMs, expected / DENSIFY));
    if (opts.callbackExpected) delay *= tuning.callbackSlowdown;
    delay *= 1 + 0.05 * random();
  } else {
    delay = Math.min(cap, tuning.pollBaseMs * 1.5 ** Math.min(opts.pollCount, 20));
    if (opts.callbackExpected) delay *= tuning.callbackSlowdown;
    delay *= 0.8 + 0.4 * random();
  }
  return Math.round(Math.max(delay, opts.serverHintMs ?? 0));
}

/** Whether `task` has waited past its horizon (it is then marked stalled; "check again" revives it). */
export function pastHorizon(task: TaskRecord, now: number, tuning: EngineTuning): boolean {
  const video = getOperation(task.operationId).output === 'video';
  return now - (task.submittedAt ?? task.createdAt) > (video ? tuning.horizonVideoMs : tuning.horizonImageMs);
}

/** The expected duration shown on a new task, and the one the poll schedule trusts (not a typical guess). */
export function expectedDurations(
  estimator: Estimator | undefined,
  profileId: string,
  operationId: OperationId,
  values: Record<string, unknown>,
): { expectedMs: number | null; pollExpectedMs: number | null } {
  const model = typeof values.model === 'string' ? values.model : '';
  const estimate = estimator?.estimate({ profileId, operationId, model, values });
  const expectedMs = estimate?.durationMs?.median ?? null;
  const trusted = estimate?.source === 'history' || estimate?.source === 'gateway';
  return { expectedMs, pollExpectedMs: trusted ? expectedMs : null };
}
