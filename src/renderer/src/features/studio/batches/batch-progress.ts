import type { TaskSummary } from '../../../../../shared/domain/task';
import { isTerminal } from '../../../../../shared/domain/terminal';

/**
 * "3 of 4 done, 1 failed": done = succeeded with every file on disk; failed = failed or cancelled, counted
 * apart. Rejected members ("Reject others" in Compare) left the batch on purpose: they are not missing.
 */
export function batchProgress(members: readonly TaskSummary[], size: number, rejected = 0) {
  const done = members.filter((m) => m.status === 'succeeded' && m.results.every((r) => r.state === 'done')).length;
  const failed = members.filter((m) => m.status === 'failed' || m.status === 'cancelled').length;
  const running = members.filter((m) => !isTerminal(m.status) || (m.status === 'succeeded' && m.results.some((r) => r.state !== 'done' && r.state !== 'failed'))).length;
  const total = Math.max(size - rejected, members.length);
  return { done, failed, running, total, fraction: total ? (done + failed) / total : 0 };
}
