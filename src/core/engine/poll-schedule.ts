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
  /**
   * The slow end of the Estimator's spread (its 90th percentile), when it knows one wider than the median:
   * a task not done at the median most likely finishes before it, so that is where the second look goes.
   */
  highMs?: number | null;
  /** Time since the task was submitted. */
  elapsedMs?: number;
  /** What the last answer said of the task's progress (0..100), when the gateway reports it. */
  progress?: number | null;
}

/** The first poll waits this much past the expected finish, so a task finishing on time is seen at once. */
const FIRST_POLL_MARGIN = 0.03;
const FIRST_POLL_MARGIN_MIN_MS = 150;
/** Past the expected finish and the spread: every max(pollBaseMs, expected / DENSIFY) until done. */
const DENSIFY = 4;
/** A spread narrower than this share of the median is no spread (the gateway's exact figures). */
const MIN_SPREAD = 0.05;
/**
 * Jitter of a planned poll: up to 5 % later, but never more than this. Enough to keep tasks planned in the same
 * instant apart; 5 % of a five-minute video would have been a 15 s later look.
 */
const JITTER_MAX_MS = 400;

/**
 * Delay before the next poll.
 *
 * - Duration known (`expectedMs`, learned per profile, operation and model): the first poll lands just
 *   after the expected finish (the median). When the Estimator's spread says how late tasks like it run
 *   (`highMs`, its 90th percentile), a task missed there gets a short second look halfway to the slow end,
 *   where most of the late ones finish, then one at the slow end (issue 31). Past that (or with no spread),
 *   polls come every max(base, expected / 4), capped like the backoff, so a late task is seen within a
 *   fraction of its own length; sooner when the gateway's progress says how much is left. Jitter is small
 *   and only later (0–5 %, at most 400 ms).
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
    const elapsed = opts.elapsedMs ?? 0;
    const remaining = expected - elapsed;
    const margin = Math.max(FIRST_POLL_MARGIN_MIN_MS, expected * FIRST_POLL_MARGIN);
    const steady = Math.min(cap, Math.max(tuning.pollBaseMs, expected / DENSIFY));
    const byProgress = progressLook(expected, opts.progress, margin);
    delay =
      remaining > 0
        ? remaining + margin
        : (spreadLook(expected, opts.highMs, elapsed, margin) ??
          (byProgress === null ? steady : Math.min(steady, byProgress)));
    if (opts.callbackExpected) delay *= tuning.callbackSlowdown;
    delay += Math.min(delay * 0.05, JITTER_MAX_MS) * random();
  } else {
    delay = Math.min(cap, tuning.pollBaseMs * 1.5 ** Math.min(opts.pollCount, 20));
    if (opts.callbackExpected) delay *= tuning.callbackSlowdown;
    delay *= 0.8 + 0.4 * random();
  }
  return Math.round(Math.max(delay, opts.serverHintMs ?? 0));
}

/**
 * Past the median with a spread known: the wait until the next look inside it (halfway to the slow end,
 * then the slow end itself), or null once past the slow end (or with no spread worth the name).
 */
function spreadLook(
  expected: number,
  high: number | null | undefined,
  elapsed: number,
  margin: number,
): number | null {
  if (high === null || high === undefined || !Number.isFinite(high) || high < expected * (1 + MIN_SPREAD))
    return null;
  const halfway = expected + (high - expected) / 2;
  for (const at of [halfway, high])
    if (at + margin > elapsed + margin / 2) return Math.max(margin, at + margin - elapsed);
  return null;
}

/**
 * Late, with the gateway reporting progress: what is left of a task like it at that progress (expected ×
 * (1 − progress)), plus the margin. A video seen at 82 % four seconds late is looked at again when the rest
 * should be done, not a quarter of its length later. Null without a usable figure.
 */
function progressLook(expected: number, progress: number | null | undefined, margin: number): number | null {
  if (progress === null || progress === undefined || !Number.isFinite(progress) || progress <= 0 || progress >= 100)
    return null;
  return Math.max(margin, expected * (1 - progress / 100) + margin);
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
): { expectedMs: number | null; pollExpectedMs: number | null; pollHighMs: number | null } {
  const model = typeof values.model === 'string' ? values.model : '';
  const estimate = estimator?.estimate({ profileId, operationId, model, values });
  const expectedMs = estimate?.durationMs?.median ?? null;
  const trusted = estimate?.source === 'history' || estimate?.source === 'gateway';
  return {
    expectedMs,
    pollExpectedMs: trusted ? expectedMs : null,
    pollHighMs: trusted ? (estimate?.durationMs?.high ?? null) : null,
  };
}
