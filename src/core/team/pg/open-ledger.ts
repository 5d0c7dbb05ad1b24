import pg from 'pg';
import { migrateLedger } from './migrations';
import { PgLibraryStore } from './pg-library-store';
import { PgLeaseCoordinator } from './pg-lease-coordinator';

/**
 * How long one statement of the ledger's pool may take before it counts as failed. A database that froze (its
 * process stopped, the connection still open) answers nothing at all: without a bound a write would wait for
 * it forever, and so would a task waiting for that write before it is sent. Statements are small (a row, a
 * lease renewal for every held task), so a few seconds is long even on a slow network.
 */
export const LEDGER_QUERY_TIMEOUT_MS = 10_000;
/**
 * Joining runs the migrations on a connection of their own, with this longer bound: a step may rewrite a
 * table, and waits for the advisory lock while another machine migrates.
 */
export const LEDGER_MIGRATION_TIMEOUT_MS = 120_000;
const CONNECT_TIMEOUT_MS = 5_000;

export interface TeamLedger {
  pool: pg.Pool;
  library: PgLibraryStore;
  leases: PgLeaseCoordinator;
  /** Migration steps this join applied (empty when the schema was current). */
  applied: number[];
  /** The bound on one statement of `pool` (see LEDGER_QUERY_TIMEOUT_MS). */
  queryTimeoutMs: number;
  close(): Promise<void>;
}

export interface OpenLedgerOptions {
  owner: string;
  member: string;
  leaseMs: number;
  poolSize?: number;
  /** Default LEDGER_QUERY_TIMEOUT_MS (tests shorten it). */
  queryTimeoutMs?: number;
}

/** Joins the team's database: connects, runs the missing numbered migrations, registers the member. */
export async function openLedger(url: string, options: OpenLedgerOptions): Promise<TeamLedger> {
  const applied = await migrate(url, options.member);
  const queryTimeoutMs = options.queryTimeoutMs ?? LEDGER_QUERY_TIMEOUT_MS;
  // Both bounds: the server cancels a slow statement itself (it then never commits late), and the client gives
  // up on a server that does not answer at all (a frozen one cancels nothing).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 4,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: queryTimeoutMs,
    statement_timeout: queryTimeoutMs,
  });
  // A dropped server connection surfaces here; the next query reconnects (the pool makes new clients).
  pool.on('error', () => undefined);
  return {
    pool,
    library: new PgLibraryStore(pool, options.leaseMs),
    leases: new PgLeaseCoordinator(pool, options.owner, options.leaseMs),
    applied,
    queryTimeoutMs,
    close: () => pool.end(),
  };
}

/** The migrations and the member's row, on a connection of their own with the longer bound. */
async function migrate(url: string, member: string): Promise<number[]> {
  const c = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: LEDGER_MIGRATION_TIMEOUT_MS,
    statement_timeout: LEDGER_MIGRATION_TIMEOUT_MS,
  });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const applied = await migrateLedger(c);
    await c.query('INSERT INTO members (name) VALUES ($1) ON CONFLICT DO NOTHING', [member]);
    return applied;
  } finally {
    // A statement that timed out is still open on the connection: end() then drops the socket at once.
    await c.end().catch(() => undefined);
  }
}
