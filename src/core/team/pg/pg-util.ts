import type pg from 'pg';
import { z } from 'zod';
import type { Lease } from '../ports';

/** Runs `fn` in one transaction on one pooled connection: COMMIT when it returns, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
}

export const leaseRowSchema = z.object({
  task_id: z.string(),
  lease_owner: z.string(),
  lease_epoch: z.coerce.number().int(),
  lease_until: z.date(),
});

export function leaseOf(row: z.infer<typeof leaseRowSchema>): Lease {
  return { taskId: row.task_id, owner: row.lease_owner, epoch: row.lease_epoch, until: row.lease_until.getTime() };
}
