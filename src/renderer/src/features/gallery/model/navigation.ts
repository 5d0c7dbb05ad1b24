import type { TaskSummary } from '../../../../../shared/domain/task';

/** A position in the lightbox: a task of the list and one of its results. */
export interface Position {
  taskId: string;
  index: number;
}

/**
 * The next (or previous) position: through a task's results first, then on to the neighbouring task of
 * the list (landing on its first result going forward, its last going back). Null at either end.
 */
export function step(items: readonly TaskSummary[], at: Position, dir: 1 | -1): Position | null {
  const i = items.findIndex((t) => t.id === at.taskId);
  if (i < 0) return null;
  const task = items[i];
  const count = Math.max(1, task?.results.length ?? 1);
  const within = at.index + dir;
  if (within >= 0 && within < count) return { taskId: at.taskId, index: within };
  const next = items[i + dir];
  if (!next) return null;
  return { taskId: next.id, index: dir === 1 ? 0 : Math.max(0, next.results.length - 1) };
}
