import type { QueueSnapshot, QueueTask, QueueWaitReason } from '../../shared/domain/queue';
import { getOperation } from '../../shared/operations/catalog';
import { typicalDuration } from '../estimates/typical';
import { startEstimates } from './queue-eta';
import type { QueueFacts, QueueService } from './queue-service';

export interface SnapshotDeps {
  queue: QueueService;
  now: () => number;
  /** Profile id → its name (profiles that no longer exist show their id). */
  names: Map<string, string>;
}

/** The typical duration of a task's kind: the estimate for a task the estimator had nothing on. */
function typicalMs(task: QueueFacts): number {
  try {
    return typicalDuration(task.family, getOperation(task.operationId).output).median;
  } catch {
    return 60_000;
  }
}

function base(task: QueueFacts): Omit<QueueTask, 'position' | 'etaMs' | 'reason' | 'retryAt'> {
  return { id: task.id, operationId: task.operationId, model: task.model, prompt: task.prompt, batchId: task.batchId, createdAt: task.createdAt };
}

/** The queue view's data: per profile, the tasks holding a slot and the waiting line with places and estimates. */
export function buildSnapshot({ queue, now: clock, names }: SnapshotDeps): QueueSnapshot {
  const now = clock();
  const allPaused = queue.settings.allPaused;
  const profiles = queue.profileIds().map((profileId) => {
    const settings = queue.settings.get(profileId);
    const paused = allPaused || settings.paused;
    const running = queue.heldBy(profileId);
    const line = queue.line(profileId).map((item) => ({ item, task: item.facts }));
    const fallback = line[0] ? typicalMs(line[0].task) : running[0] ? typicalMs(running[0]) : 60_000;
    const eta = startEstimates({
      limit: settings.limit,
      running: running.map((t) => ({ finishAt: t.expectedMs !== null ? (t.submittedAt ?? t.createdAt) + t.expectedMs : null })),
      waiting: line.map(({ item, task }) => ({ id: item.id, expectedMs: task.expectedMs, notBefore: item.notBefore })),
      now,
      fallbackMs: fallback,
    });
    const waiting: QueueTask[] = line.map(({ item, task }, index) => {
      const backingOff = item.notBefore !== null && item.notBefore > now;
      const stored = item.reason;
      const reason: QueueWaitReason = paused ? 'paused' : backingOff && stored && stored !== 'slot' ? stored : 'slot';
      return { ...base(task), position: index + 1, etaMs: paused ? null : (eta.get(item.id) ?? null), reason, retryAt: backingOff ? item.notBefore : null };
    });
    const runningTasks: QueueTask[] = running
      .sort((a, b) => (a.submittedAt ?? a.createdAt) - (b.submittedAt ?? b.createdAt))
      .map((t) => ({
        ...base(t),
        position: null,
        etaMs: t.expectedMs !== null ? Math.max(0, (t.submittedAt ?? t.createdAt) + t.expectedMs - now) : null,
        reason: null,
        retryAt: null,
      }));
    return {
      profileId,
      profileName: names.get(profileId) ?? profileId,
      limit: settings.limit,
      limitSource: settings.limitSource,
      paused: settings.paused,
      running: runningTasks,
      waiting,
    };
  });
  profiles.sort((a, b) => a.profileName.localeCompare(b.profileName));
  return { paused: allPaused, profiles };
}
