import type { TaskFilter, TaskSummary } from '../../../../../shared/domain/task';

/**
 * Whether a pushed task belongs in a list loaded with `filter`. Search is approximated (every word of the
 * query appears in the prompt, case-insensitively); the DB's full-text search decides on the next fetch.
 */
export function matchesFilter(task: TaskSummary, filter: TaskFilter): boolean {
  if (filter.operationId !== undefined && task.operationId !== filter.operationId) return false;
  if (filter.model !== undefined && task.model !== filter.model) return false;
  if (filter.statuses?.length && !filter.statuses.includes(task.status)) return false;
  if (filter.favourite !== undefined && task.favourite !== filter.favourite) return false;
  if (filter.since !== undefined && task.createdAt < filter.since) return false;
  if (filter.until !== undefined && task.createdAt >= filter.until) return false;
  if (filter.rejected !== undefined && task.rejected !== (filter.rejected === 'only')) return false;
  if (filter.batchId !== undefined && task.batchId !== filter.batchId) return false;
  if (filter.search?.trim()) {
    const prompt = task.prompt.toLowerCase();
    return filter.search
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .every((w) => prompt.includes(w));
  }
  return true;
}

/** Whether `a` sorts before `b` in the list (createdAt, then id; as the store orders). */
export function sortsBefore(a: TaskSummary, b: TaskSummary, sort: TaskFilter['sort']): boolean {
  const newer = a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
  return sort === 'oldest' ? !newer : newer;
}
