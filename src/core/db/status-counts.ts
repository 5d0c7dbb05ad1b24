import type { TaskCriteria } from './task-query';
import { whereFor } from './task-query';

/** Reads from `task_status_counts` (migration 0007): `[status, n]` rows, summed over `rejected` as asked. */
export const STATUS_COUNTS_SQL = {
  all: 'SELECT status, sum(n) FROM task_status_counts GROUP BY status',
  hide: 'SELECT status, n FROM task_status_counts WHERE rejected = 0',
  only: 'SELECT status, n FROM task_status_counts WHERE rejected = 1',
} as const;

/**
 * The table's query for criteria it can answer (nothing restricted but `rejected`), else null (count with
 * SQL over the filter). The statuses are ignored, as in `countsByStatus`.
 */
export function statusCountsQuery(criteria: Partial<TaskCriteria>): string | null {
  const { statuses: _statuses, rejected, ...rest } = criteria;
  if (whereFor(rest).sql !== '') return null;
  return STATUS_COUNTS_SQL[rejected ?? 'all'];
}
