import type { TaskStatus } from '../../../../../shared/domain/task';

/** The status chips above the gallery: each groups statuses a creative thinks of as one thing. */
export type StatusGroup = 'all' | 'active' | 'succeeded' | 'failed' | 'attention' | 'cancelled';

export const STATUS_GROUPS: Record<Exclude<StatusGroup, 'all'>, readonly TaskStatus[]> = {
  active: ['waiting', 'submitting', 'queued', 'running', 'downloading'],
  succeeded: ['succeeded'],
  failed: ['failed'],
  /** The engine cannot tell what happened; the user can check again. */
  attention: ['unknown', 'stalled'],
  cancelled: ['cancelled'],
};

export const GROUP_ORDER: readonly StatusGroup[] = ['all', 'active', 'succeeded', 'failed', 'attention', 'cancelled'];

export const statusesOf = (group: StatusGroup): TaskStatus[] | undefined => (group === 'all' ? undefined : [...STATUS_GROUPS[group]]);

export function countGroup(counts: Partial<Record<TaskStatus, number>> | undefined, group: StatusGroup): number {
  if (!counts) return 0;
  const statuses = group === 'all' ? (Object.keys(counts) as TaskStatus[]) : STATUS_GROUPS[group];
  return statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);
}

/** In flight: what the window title and the dock badge count. */
export const isInFlight = (s: TaskStatus): boolean => STATUS_GROUPS.active.includes(s);
