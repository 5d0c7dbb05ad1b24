import pg from 'pg';
import { z } from 'zod';
import type { Lease } from '../ports';

/**
 * Runs `fn` in one transaction on one pooled connection: COMMIT when it returns, ROLLBACK when the server
 * refused a statement. Any other failure (a statement that timed out, a broken connection) closes the
 * connection instead, which ends the transaction too: a timed-out statement may still be open on it, and a
 * ROLLBACK or the next user of the connection would only wait behind it.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  let broken: Error | undefined;
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    if (e instanceof pg.DatabaseError) await c.query('ROLLBACK').catch(() => undefined);
    else broken = e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    c.release(broken);
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
