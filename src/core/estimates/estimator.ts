import type { Estimate } from '../../shared/domain/estimate';
import type { OperationId } from '../../shared/operations/ids';

/** A task as the estimator sees it: the profile it runs on and what it asks for. */
export interface EstimateQuery {
  profileId: string;
  operationId: OperationId;
  model: string;
  /** The form values (duration, resolution… refine the estimate where the fields exist). */
  values: Readonly<Record<string, unknown>>;
}

/**
 * Expected duration and points of a task, learned per gateway profile (history first, then the gateway's own
 * figures, then durations typical for the model). One instance in core, shared by the poll scheduler (first
 * poll near the expected finish), the gallery's progress estimate and the estimate on the Generate button.
 */
export interface Estimator {
  estimate(query: EstimateQuery): Estimate;
  /** Learn from a task that finished (succeeded): how long it took from submission to done, and its points. */
  record(sample: EstimateQuery & { durationMs: number; points: number | null }): void;
}
