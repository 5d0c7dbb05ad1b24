import pg from 'pg';
import { z } from 'zod';

/** One changed task as the feed hands it over: its latest state in the ledger. */
export interface ChangedTask {
  seq: number;
  id: string;
  member: string;
  record: unknown;
  leaseOwner: string | null;
  leaseEpoch: number;
  media: Record<string, string>;
  writtenBy: string | null;
}

const rowSchema = z.object({
  seq: z.coerce.number(),
  id: z.string(),
  member: z.string(),
  record: z.unknown(),
  lease_owner: z.string().nullable(),
  lease_epoch: z.coerce.number(),
  media: z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/)),
  written_by: z.string().nullable(),
});

export type FeedState = 'connecting' | 'live' | 'offline' | 'stopped';

export interface ChangeFeedOptions {
  url: string;
  /** This machine's name as the ledger's `written_by`: its own changes are skipped (it has them). */
  self?: string;
  /** The last sequence already applied (0: everything). */
  since: number;
  /** Applies a batch of changes (in sequence order, one row per task); the feed advances past them after it returns. */
  apply: (rows: ChangedTask[]) => Promise<void>;
  onState?: (state: FeedState, error?: string) => void;
  /** The feed moved past `seq` (everything up to it applied): where to resume next run. */
  onAdvance?: (seq: number) => void;
  /** Between reconnect attempts (ms); doubles up to 8× while the server stays away. */
  retryMs?: number;
  /** A pull every so often even without a notification (a missed one costs at most this long). */
  safetyPullMs?: number;
  batch?: number;
  /** Pulled with every pull of the task log, on the same connection (the shared boards and prompts). */
  alsoPull?: (client: pg.Client) => Promise<void>;
}

/**
 * One LISTEN connection per app: on every notification, on every (re)connect and now and then, it pulls the
 * change-log rows past the last applied sequence, joined to the tasks' current state. Notifications only say
 * "look"; the log is the truth, so a notification lost while disconnected loses nothing.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private stopped = false;
  private pulling: Promise<void> | null = null;
  private again = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private safety: NodeJS.Timeout | null = null;
  private failures = 0;
  private last: number;
  state: FeedState = 'connecting';

  constructor(private readonly options: ChangeFeedOptions) {
    this.last = options.since;
  }

  get lastSeq(): number {
    return this.last;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
    this.safety = setInterval(() => void this.pull(), this.options.safetyPullMs ?? 5_000);
    this.safety.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.safety) clearInterval(this.safety);
    this.setState('stopped');
    const c = this.client;
    this.client = null;
    await this.pulling?.catch(() => undefined);
    await c?.end().catch(() => undefined);
  }

  /** Pulls now (and once more after, if asked again while pulling); resolves when caught up. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = this.drain().finally(() => {
      this.pulling = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.pull();
      }
    });
    return this.pulling;
  }

  private async drain(): Promise<void> {
    const c = this.client;
    if (!c || this.state !== 'live') return;
    const batch = this.options.batch ?? 500;
    await this.options.alsoPull?.(c);
    for (;;) {
      const r = await c.query(
        // Own changes: only their sequence (the cursor moves past them), not their rows.
        `SELECT c.seq, t.id, t.member, t.lease_owner, t.lease_epoch, c.written_by,
                CASE WHEN c.written_by IS DISTINCT FROM $3 THEN t.record END AS record,
                CASE WHEN c.written_by IS DISTINCT FROM $3 THEN t.media ELSE '{}'::jsonb END AS media
           FROM change_log c JOIN tasks t ON t.id = c.task_id
          WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`,
        [this.last, batch, this.options.self ?? null],
      );
      if (r.rows.length === 0) return;
      const lastSeq = Number((r.rows[r.rows.length - 1] as { seq: string }).seq);
      const rows = r.rows.filter((row: { written_by: string | null }) => this.options.self === undefined || row.written_by !== this.options.self).map((row) => rowSchema.parse(row));
      // Several log entries of one task in a batch: its current state once is enough.
      const latest = new Map<string, ChangedTask>();
      for (const row of rows)
        latest.set(row.id, { seq: row.seq, id: row.id, member: row.member, record: row.record, leaseOwner: row.lease_owner, leaseEpoch: row.lease_epoch, media: row.media, writtenBy: row.written_by });
      if (latest.size > 0) await this.options.apply([...latest.values()].sort((a, b) => a.seq - b.seq));
      this.last = lastSeq;
      this.options.onAdvance?.(lastSeq);
      if (r.rows.length < batch) return;
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setState(this.failures === 0 ? 'connecting' : 'offline');
    const c = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: 3_000, keepAlive: true });
    const lost = (e?: unknown): void => {
      if (this.client !== c) return;
      this.client = null;
      void c.end().catch(() => undefined);
      this.retry(e);
    };
    c.on('error', lost);
    c.on('end', () => lost(new Error('the connection to the team database closed')));
    c.on('notification', (n) => {
      if (this.options.self && n.payload?.endsWith(` ${this.options.self}`)) return;
      void this.pull().catch(lost);
    });
    try {
      await c.connect();
      await c.query('LISTEN atelier_changes');
    } catch (e) {
      void c.end().catch(() => undefined);
      this.retry(e);
      return;
    }
    if (this.stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    this.client = c;
    this.failures = 0;
    this.setState('live');
    // Whatever changed while we were away.
    await this.pull().catch(lost);
  }

  private retry(e: unknown): void {
    if (this.stopped) return;
    this.failures += 1;
    this.setState('offline', e instanceof Error ? e.message : String(e));
    const base = this.options.retryMs ?? 500;
    this.retryTimer = setTimeout(() => void this.connect(), base * Math.min(8, 2 ** (this.failures - 1)));
    this.retryTimer.unref?.();
  }

  private setState(state: FeedState, error?: string): void {
    if (this.state === state && state !== 'offline') return;
    this.state = state;
    this.options.onState?.(state, error);
  }
}
