import type { TaskFilter } from '../../shared/domain/task';
import { planSearch } from './search-plan';

/** A WHERE clause (possibly empty) and its positional parameters. */
export interface WhereClause {
  sql: string;
  params: (string | number)[];
}

/** The filter fields that restrict rows (sort only orders them). */
export type TaskCriteria = Omit<TaskFilter, 'sort'>;

/**
 * Builds the WHERE clause for a gallery filter. Values are always bound, never interpolated; only the
 * shape of the SQL varies, so the store can cache one prepared statement per shape.
 *
 * Semantics: `since` is inclusive and `until` exclusive (half-open, so consecutive day ranges do not
 * overlap); an empty or absent `statuses` means every status; a search with no letters or digits is no
 * restriction.
 */
export function whereFor(
  criteria: Partial<TaskCriteria>,
  extra: { sql: string; params: (string | number)[] }[] = [],
): WhereClause {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (criteria.operationId !== undefined) {
    parts.push('operation_id = ?');
    params.push(criteria.operationId);
  }
  if (criteria.model !== undefined) {
    parts.push('model = ?');
    params.push(criteria.model);
  }
  if (criteria.statuses !== undefined && criteria.statuses.length > 0) {
    const unique = [...new Set(criteria.statuses)];
    parts.push(`status IN (${unique.map(() => '?').join(', ')})`);
    params.push(...unique);
  }
  if (criteria.favourite !== undefined) {
    // Literal rather than bound so the planner can use the partial index `WHERE favourite = 1`.
    parts.push(criteria.favourite ? 'favourite = 1' : 'favourite = 0');
  }
  if (criteria.boardId !== undefined) {
    parts.push('id IN (SELECT task_id FROM board_tasks WHERE board_id = ?)');
    params.push(criteria.boardId);
  }
  if (criteria.since !== undefined) {
    parts.push('created_at >= ?');
    params.push(criteria.since);
  }
  if (criteria.until !== undefined) {
    parts.push('created_at < ?');
    params.push(criteria.until);
  }
  if (criteria.rejected !== undefined) parts.push(criteria.rejected === 'only' ? 'rejected = 1' : 'rejected = 0');
  if (criteria.batchId !== undefined) {
    parts.push('batch_id = ?');
    params.push(criteria.batchId);
  }
  const plan = criteria.search === undefined ? null : planSearch(criteria.search);
  if (plan !== null) {
    if (plan.words !== null) {
      parts.push('seq IN (SELECT rowid FROM tasks_fts WHERE tasks_fts MATCH ?)');
      params.push(plan.words);
    }
    if (plan.trigram !== null) {
      parts.push('seq IN (SELECT rowid FROM tasks_fts_trigram WHERE tasks_fts_trigram MATCH ?)');
      params.push(plan.trigram);
    }
    if (plan.chars !== null) {
      parts.push('seq IN (SELECT rowid FROM tasks_fts_chars WHERE tasks_fts_chars MATCH ?)');
      params.push(plan.chars);
    }
  }
  for (const e of extra) {
    parts.push(e.sql);
    params.push(...e.params);
  }
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}
