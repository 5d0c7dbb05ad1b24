import { numOrNull } from '../db/cells';
import { randomUUID } from 'node:crypto';
import type Database from 'libsql';
import type { Estimate } from '../../shared/domain/estimate';
import { DEMO_PROFILE_ID } from '../../shared/domain/profile';
import { getOperation } from '../../shared/operations/catalog';
import type { TaskSummary } from '../../shared/domain/task';
import type { DemoGateway } from '../ports';
import type { EstimateQuery, Estimator } from './estimator';
import { exactly, spreadOf } from './spread';
import { typicalDuration } from './typical';
import { variantKey } from './variant';

/** How many of the most recent finished tasks of one kind the figures are drawn from. */
export const SAMPLE_WINDOW = 30;

export interface SqliteEstimatorOptions {
  /** The demo gateway's own figures (used for the demo profile only). */
  demo?: Pick<DemoGateway, 'figures'>;
  now?: () => number;
}

type Row = { duration_ms: unknown; points: unknown };
const num = numOrNull;

/**
 * The {@link Estimator} of core: learns from the `estimate_samples` table (migration 0002) of the task
 * database, so what it learned survives restarts and task deletion. Order of sources, per profile:
 * 1. finished tasks of this operation, model and variant (duration, size, mode…): median and 10–90 % range;
 * 2. the gateway's own figures (the demo gateway publishes its timings and prices);
 * 3. finished tasks of this operation and model in any variant (time only: the price depends on the variant);
 * 4. durations typical for the kind of model.
 */
export class SqliteEstimator implements Estimator {
  readonly #byVariant: Database.Statement;
  readonly #byModel: Database.Statement;
  readonly #insert: Database.Statement;
  readonly #demo: SqliteEstimatorOptions['demo'];
  readonly #now: () => number;
  /** Tasks already learnt from in this process: a download reports the same finish many times. */
  readonly #observed = new Set<string>();
  /** Estimates by profile, operation and model, then by variant: one query per submission otherwise. */
  readonly #remembered = new Map<string, Map<string, Estimate>>();

  constructor(db: Database.Database, options: SqliteEstimatorOptions = {}) {
    this.#demo = options.demo;
    this.#now = options.now ?? Date.now;
    this.#byVariant = db.prepare(
      'SELECT duration_ms, points FROM estimate_samples WHERE profile_id = ? AND operation_id = ? AND model = ? AND variant = ? ORDER BY at DESC LIMIT ?',
    );
    this.#byModel = db.prepare(
      'SELECT duration_ms, points FROM estimate_samples WHERE profile_id = ? AND operation_id = ? AND model = ? ORDER BY at DESC LIMIT ?',
    );
    this.#insert = db.prepare(
      'INSERT OR IGNORE INTO estimate_samples (task_id, profile_id, operation_id, model, variant, duration_ms, points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  estimate(q: EstimateQuery): Estimate {
    // Remembered until a task of the same profile, operation and model finishes (see record).
    const modelKey = JSON.stringify([q.profileId, q.operationId, q.model]);
    const variant = variantKey(q.values);
    const known = this.#remembered.get(modelKey)?.get(variant);
    if (known) return known;
    const fresh = Object.freeze(this.#estimate(q, variant));
    const byVariant = this.#remembered.get(modelKey) ?? new Map<string, Estimate>();
    if (this.#remembered.size >= 1_000) this.#remembered.clear();
    this.#remembered.set(modelKey, byVariant.set(variant, fresh));
    return fresh;
  }

  #estimate(q: EstimateQuery, variant: string): Estimate {
    const exact = this.#byVariant.all(
      q.profileId,
      q.operationId,
      q.model,
      variant,
      SAMPLE_WINDOW,
    ) as Row[];
    if (exact.length > 0) return fromRows(exact, true);
    let op: ReturnType<typeof getOperation> | null = null;
    try {
      op = getOperation(q.operationId);
    } catch {
      op = null; // an operation this build does not know (stored by a newer one): history only
    }
    if (op && q.profileId === DEMO_PROFILE_ID && this.#demo?.figures) {
      try {
        const f = this.#demo.figures({
          family: op.family,
          model: q.model,
          output: op.output,
          values: q.values,
        });
        if (f)
          return {
            durationMs: exactly(f.durationMs),
            points: f.points === null ? null : exactly(f.points),
            samples: 0,
            source: 'gateway',
          };
      } catch {
        // the demo gateway's figures are a nicety: fall through to the next source
      }
    }
    const anyVariant = this.#byModel.all(q.profileId, q.operationId, q.model, SAMPLE_WINDOW) as Row[];
    if (anyVariant.length > 0) return fromRows(anyVariant, false);
    if (op)
      return {
        durationMs: typicalDuration(op.family, op.output),
        points: null,
        samples: 0,
        source: 'typical',
      };
    return { durationMs: null, points: null, samples: 0, source: 'none' };
  }

  record(sample: EstimateQuery & { durationMs: number; points: number | null; taskId?: string }): void {
    if (!Number.isFinite(sample.durationMs) || sample.durationMs < 0) return;
    const points = sample.points !== null && Number.isFinite(sample.points) ? sample.points : null;
    this.#remembered.delete(JSON.stringify([sample.profileId, sample.operationId, sample.model]));
    this.#insert.run(
      sample.taskId ?? randomUUID(),
      sample.profileId,
      sample.operationId,
      sample.model,
      variantKey(sample.values),
      Math.round(sample.durationMs),
      points,
      this.#now(),
    );
  }

  /**
   * Learns from a task as core reports it: once it has finished successfully (the gateway said done; the
   * download may still run), its submit→done time and points. Idempotent per task (keyed by its id).
   */
  observe(task: TaskSummary, values: Readonly<Record<string, unknown>>): void {
    if ((task.status !== 'succeeded' && task.status !== 'downloading') || task.finishedAt === null) return;
    if (this.#observed.has(task.id)) return; // INSERT OR IGNORE would keep the first sample anyway
    this.record({
      taskId: task.id,
      profileId: task.profileId,
      operationId: task.operationId,
      model: task.model,
      values,
      durationMs: task.finishedAt - (task.submittedAt ?? task.createdAt),
      points: task.points,
    });
    if (this.#observed.size >= 10_000) this.#observed.clear();
    this.#observed.add(task.id);
  }
}

function fromRows(rows: Row[], withPoints: boolean): Estimate {
  const durations = rows.map((r) => num(r.duration_ms)).filter((v): v is number => v !== null);
  const points = rows.map((r) => num(r.points)).filter((v): v is number => v !== null);
  return {
    durationMs: spreadOf(durations),
    points: withPoints ? spreadOf(points) : null,
    samples: rows.length,
    source: 'history',
  };
}
