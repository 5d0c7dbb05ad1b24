import type { TaskFilter } from './task';

/**
 * A filter as one string, the same for equal filters whatever order their keys were written in (a filter
 * that went through its schema and one built by the gallery compare equal).
 */
export function taskFilterKey(filter: TaskFilter): string {
  const entries = Object.entries(filter).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
