import pg from 'pg';
import { migrateLedger } from './migrations';
import { PgLibraryStore } from './pg-library-store';
import { PgLeaseCoordinator } from './pg-lease-coordinator';

export interface TeamLedger {
  pool: pg.Pool;
  library: PgLibraryStore;
  leases: PgLeaseCoordinator;
  /** Migration steps this join applied (empty when the schema was current). */
  applied: number[];
  close(): Promise<void>;
}

/** Joins the team's database: connects, runs the missing numbered migrations, registers the member. */
export async function openLedger(url: string, options: { owner: string; member: string; leaseMs: number; poolSize?: number }): Promise<TeamLedger> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 4, connectionTimeoutMillis: 5_000 });
  // A dropped server connection surfaces here; the next query reconnects (the pool makes new clients).
  pool.on('error', () => undefined);
  let applied: number[];
  const c = await pool.connect();
  try {
    applied = await migrateLedger(c);
    await c.query('INSERT INTO members (name) VALUES ($1) ON CONFLICT DO NOTHING', [options.member]);
  } finally {
    c.release();
  }
  return {
    pool,
    library: new PgLibraryStore(pool, options.leaseMs),
    leases: new PgLeaseCoordinator(pool, options.owner, options.leaseMs),
    applied,
    close: () => pool.end(),
  };
}
