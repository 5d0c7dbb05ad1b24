import type { TaskSummary } from '../../../../../shared/domain/task';
import { useNow } from '../../../state/use-now';

const NOTE = /^retrying in (\d+) s \(attempt (\d+)\)$/;

/**
 * Core's download restart note ("retrying in N s (attempt k)") as a live countdown: core gives the time of
 * the next attempt (`retryAt`), and this ticks every second towards it (0 once the attempt is under way).
 * Null when no restart is waiting.
 */
export function useRetryCountdown(task: TaskSummary): { seconds: number; attempt: number } | null {
  const result = task.results.find((r) => r.state === 'downloading' && r.error);
  const note = NOTE.exec(result?.error ?? '');
  const retryAt = result?.retryAt ?? null;
  const now = useNow(note !== null && retryAt !== null);
  if (!note) return null;
  const seconds = retryAt === null ? Number(note[1]) : Math.max(0, Math.ceil((retryAt - now) / 1000));
  return { seconds, attempt: Number(note[2]) };
}
