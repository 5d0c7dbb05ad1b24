import type { TaskStatus } from '../../shared/domain/task';
import type { Family } from '../../shared/operations/ids';
import type { RemoteResult } from './parse';

/** What a status query (or a synchronous submit) tells us, normalized. */
export interface QueryOutcome {
  status: TaskStatus;
  rawStatus: string | null;
  progress: number | null;
  error: string | null;
  points: number | null;
  results: RemoteResult[];
}

export interface TaskLocator {
  remoteId: string;
  submitPath: string;
}

/** How to fetch one result file: its URL and whether it needs the gateway key (content endpoints). */
export interface ResultSource {
  url: string;
  withAuth: boolean;
}

/** One adapter per API family, all behind this interface (architecture.md: gateway/). */
export interface FamilyAdapter {
  family: Family;
  /** The remote id in a 200 submit response, and the outcome when the family answers synchronously. */
  parseSubmit(body: unknown): { remoteId: string | null; outcome: QueryOutcome | null };
  /** The GET path for a status query, or null when the family has none (image edit). */
  queryPath(task: TaskLocator): string | null;
  parseQuery(body: unknown): QueryOutcome;
  /** Where result `index` is downloaded from; defaults to the URL the gateway gave. */
  resultSource?(task: TaskLocator, result: RemoteResult, index: number): ResultSource | null;
}

export const emptyOutcome = (status: TaskStatus, rawStatus: string | null, error: string | null = null): QueryOutcome => ({
  status,
  rawStatus,
  progress: null,
  error,
  points: null,
  results: [],
});
