import type pg from 'pg';
import { z } from 'zod';
import type { Lease, LeaseCoordinator } from '../ports';
import { leaseOf, leaseRowSchema } from './pg-util';

const keptRowSchema = leaseRowSchema.extend({ claimed: z.boolean() });

/** One keeper round's answer: the held leases renewed (by task id; a task missing lost its lease) and the ones taken over. */
export interface KeeperRound {
  renewed: Map<string, Lease>;
  claimed: Lease[];
}

const RETURNING = 'RETURNING id AS task_id, lease_owner, lease_epoch, lease_until';
const UNTIL = 'now() + make_interval(secs => $2::float8 / 1000)';
/**
 * The rows still held (owner and epoch), locked before any is renewed and in id order, as a state write locks its rows (see
 * state-writes.ts): the same tasks locked in opposite orders by a renewal and a write deadlocked. The renewal
 * reads it through an uncorrelated ARRAY(), an InitPlan computed whole before the update's first row.
 */
const LOCK_HELD =
  'locked AS (SELECT t.id FROM tasks t JOIN held ON held.id = t.id AND t.lease_epoch = held.epoch AND t.lease_owner = $1 ORDER BY t.id FOR UPDATE OF t)';

/**
 * Leases in the tasks table (`lease_owner`, `lease_until`, `lease_epoch`), on the server's clock. Taking a
 * lease bumps the epoch, which fences every later write of the previous holder (see PgLibraryStore.write).
 */
export class PgLeaseCoordinator implements LeaseCoordinator {
  constructor(
    private readonly pool: pg.Pool,
    readonly owner: string,
    readonly leaseMs: number,
  ) {}

  async acquire(taskId: string): Promise<Lease | null> {
    const r = await this.pool.query(
      `UPDATE tasks SET lease_owner = $1, lease_until = ${UNTIL}, lease_epoch = lease_epoch + 1
        WHERE id = $3 AND open AND (lease_owner IS NULL OR lease_until < now()) ${RETURNING}`,
      [this.owner, this.leaseMs, taskId],
    );
    return r.rows[0] ? leaseOf(leaseRowSchema.parse(r.rows[0])) : null;
  }

  async renew(lease: Lease): Promise<Lease | null> {
    const r = await this.pool.query(
      `UPDATE tasks SET lease_until = ${UNTIL}
        WHERE lease_owner = $1 AND id = $3 AND lease_epoch = $4 AND open ${RETURNING}`,
      [this.owner, this.leaseMs, lease.taskId, lease.epoch],
    );
    return r.rows[0] ? leaseOf(leaseRowSchema.parse(r.rows[0])) : null;
  }

  async renewAll(leases: readonly Lease[]): Promise<Map<string, Lease>> {
    if (leases.length === 0) return new Map();
    // One statement for all of them: with forty tasks held, a renewal per task per second was most of the
    // queries a team machine made (issue 29's CPU per task).
    const r = await this.pool.query(
      `WITH held AS (SELECT * FROM unnest($3::text[], $4::bigint[]) AS h(id, epoch)), ${LOCK_HELD}
       UPDATE tasks t SET lease_until = ${UNTIL}
         FROM held
        WHERE t.id = ANY (ARRAY(SELECT id FROM locked)) AND t.id = held.id AND t.lease_epoch = held.epoch AND t.lease_owner = $1 AND t.open
        RETURNING t.id AS task_id, t.lease_owner, t.lease_epoch, t.lease_until`,
      [this.owner, this.leaseMs, leases.map((l) => l.taskId), leases.map((l) => l.epoch)],
    );
    return new Map(r.rows.map((row) => leaseOf(leaseRowSchema.parse(row))).map((l) => [l.taskId, l]));
  }

  /**
   * {@link renewAll} and {@link claimExpired} in one statement (the keeper's round: one round trip a round
   * instead of two). Both parts see the same snapshot, so a held lease that expired on the server unnoticed
   * is left out of the claim: it is renewed at its epoch, as when the renewal ran first.
   */
  async keepRound(leases: readonly Lease[], limit: number): Promise<KeeperRound> {
    const r = await this.pool.query(
      `WITH held AS (SELECT * FROM unnest($3::text[], $4::bigint[]) AS h(id, epoch)), ${LOCK_HELD},
       renewed AS (
         UPDATE tasks t SET lease_until = ${UNTIL}
           FROM held
          WHERE t.id = ANY (ARRAY(SELECT id FROM locked)) AND t.id = held.id AND t.lease_epoch = held.epoch AND t.lease_owner = $1 AND t.open
          RETURNING t.id AS task_id, t.lease_owner, t.lease_epoch, t.lease_until, false AS claimed
       ),
       claimed AS (
         UPDATE tasks SET lease_owner = $1, lease_until = ${UNTIL}, lease_epoch = lease_epoch + 1
          WHERE id IN (SELECT c.id FROM tasks c WHERE c.open AND (c.lease_owner IS NULL OR c.lease_until < now())
                          AND NOT EXISTS (SELECT 1 FROM held WHERE held.id = c.id AND held.epoch = c.lease_epoch AND c.lease_owner = $1)
                        ORDER BY c.lease_until NULLS FIRST LIMIT $5 FOR UPDATE SKIP LOCKED)
          RETURNING id AS task_id, lease_owner, lease_epoch, lease_until, true AS claimed
       )
       SELECT * FROM renewed UNION ALL SELECT * FROM claimed`,
      [this.owner, this.leaseMs, leases.map((l) => l.taskId), leases.map((l) => l.epoch), limit],
    );
    const round: KeeperRound = { renewed: new Map(), claimed: [] };
    for (const raw of r.rows) {
      const row = keptRowSchema.parse(raw);
      const lease = leaseOf(row);
      if (row.claimed) round.claimed.push(lease);
      else round.renewed.set(lease.taskId, lease);
    }
    return round;
  }

  async release(lease: Lease): Promise<void> {
    await this.pool.query('UPDATE tasks SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_epoch = $2 AND lease_owner = $3', [
      lease.taskId,
      lease.epoch,
      this.owner,
    ]);
  }

  async claimExpired(limit: number): Promise<Lease[]> {
    // SKIP LOCKED: machines scanning at once each take different rows instead of queueing on the same ones.
    const r = await this.pool.query(
      `UPDATE tasks SET lease_owner = $1, lease_until = ${UNTIL}, lease_epoch = lease_epoch + 1
        WHERE id IN (SELECT id FROM tasks WHERE open AND (lease_owner IS NULL OR lease_until < now())
                      ORDER BY lease_until NULLS FIRST LIMIT $3 FOR UPDATE SKIP LOCKED) ${RETURNING}`,
      [this.owner, this.leaseMs, limit],
    );
    return r.rows.map((row) => leaseOf(leaseRowSchema.parse(row)));
  }
}
