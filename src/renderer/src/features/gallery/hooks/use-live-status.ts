import type { TaskSummary } from '../../../../../shared/domain/task';
import { isNotSent } from '../../../../../shared/domain/not-sent';
import { estimateProgress } from '../model/progress-estimate';
import { useNow } from '../../../state/use-now';
import { useTypical } from './use-typical-durations';

export interface LiveStatus {
  /** i18n key under `gallery.live`. */
  label: 'waiting' | 'submitting' | 'queued' | 'rateLimited' | 'running' | 'downloading' | 'failed' | 'cancelled' | 'unknown' | 'notSent' | 'stalled' | 'succeeded' | 'downloadFailed';
  live: boolean;
  elapsedMs: number;
  percent: number | null;
  estimated: boolean;
  overdue: boolean;
  /** Seconds left of a 429 wait. */
  rateLimitSeconds: number;
  bytes: { received: number; total: number | null } | null;
}

/** Everything a tile, a row or the lightbox shows about where a task is; ticks every second while in flight. */
export function useLiveStatus(task: TaskSummary): LiveStatus {
  const live = task.status === 'submitting' || task.status === 'queued' || task.status === 'running' || task.status === 'downloading';
  const now = useNow(live);
  const typical = useTypical(task);
  const started = task.submittedAt ?? task.createdAt;
  const elapsedMs = Math.max(0, (task.finishedAt ?? (live ? now : task.updatedAt)) - started);
  const rateLimitSeconds = task.rateLimitedUntil !== null && live ? Math.max(0, Math.ceil((task.rateLimitedUntil - now) / 1000)) : 0;
  const base = { live, elapsedMs, percent: null, estimated: false, overdue: false, rateLimitSeconds, bytes: null };
  switch (task.status) {
    case 'queued':
    case 'running': {
      const p = estimateProgress(elapsedMs, typical, task.progress);
      const label = rateLimitSeconds > 0 ? 'rateLimited' : task.status;
      // A queued task without an expectation has not started: no percentage, but "longer than usual" still applies.
      // With one (`expectedMs` covers submission to done), the engine polls near the expected finish and may never
      // see `running`, so "queued" is only the last word heard: the estimate is the better guide.
      const withPercent = task.status === 'running' || task.expectedMs !== null;
      return { ...base, label, percent: withPercent ? p.percent : null, estimated: p.estimated, overdue: p.overdue };
    }
    case 'downloading': {
      const received = task.results.reduce((n, r) => n + r.bytesReceived, 0);
      const totals = task.results.map((r) => r.bytesTotal);
      const total = totals.every((x) => x !== null) ? totals.reduce<number>((n, x) => n + (x ?? 0), 0) : null;
      const percent = total ? Math.min(100, (100 * received) / total) : null;
      return { ...base, label: 'downloading', percent, bytes: { received, total } };
    }
    case 'succeeded':
      return { ...base, label: task.results.some((r) => r.state === 'failed') ? 'downloadFailed' : 'succeeded' };
    case 'unknown':
      // Never sent (Atelier stopped while it waited in the local queue): a draft, not a warning.
      return { ...base, label: isNotSent(task) ? 'notSent' : 'unknown' };
    case 'waiting':
      return { ...base, label: 'waiting' };
    case 'submitting':
    case 'failed':
    case 'cancelled':
    case 'stalled':
      return { ...base, label: rateLimitSeconds > 0 ? 'rateLimited' : task.status };
  }
}
