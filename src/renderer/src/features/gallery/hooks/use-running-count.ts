import { useEffect } from 'react';
import { countGroup } from '../model/status-groups';
import { useTaskCounts } from './use-task-pages';

const EVERYTHING = { sort: 'newest' } as const;

/**
 * How many tasks are in flight (submitting, queued, running, downloading) across the whole history,
 * whatever the gallery's filter. Main uses it for the dock/taskbar badge; the gallery for the title.
 */
export function useRunningCount(): number {
  return countGroup(useTaskCounts(EVERYTHING).data, 'active');
}

/** `(3) Atelier` while three tasks are in flight. */
export function useRunningTitle(base = 'Atelier'): void {
  const n = useRunningCount();
  useEffect(() => {
    document.title = n > 0 ? `(${n}) ${base}` : base;
  }, [n, base]);
}
