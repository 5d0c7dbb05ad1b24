import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startMachine, type Machine } from './team-machines';
import { startTestPostgres, type TestPostgres } from './test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from './test-s3';

export const SUBMIT_PATH = '/open/aigw/gateway/generations';
export const GATEWAY_KEY = 'team-gateway-key-7f3a91';

/** What the fixture needs of the simulator (started by the test file: only tests may import the simulator). */
export interface GatewayUnderTest {
  baseUrl: string;
  apiKey: string;
  log: readonly { at: number; method: string; path: string; family: string }[];
  close(): Promise<void>;
}

/**
 * One PostgreSQL, one s3rver bucket and one simulator for a test file, and teams of machines (separate
 * processes, killed after the file; a file's tests may share a team to spare process starts). Each team has
 * its own bucket prefix and machine names.
 */
export function teamFixture(options: { leaseMs: number; gateway: (apiKey: string) => Promise<GatewayUnderTest> }) {
  const env = {} as { pg: TestPostgres; s3: TestS3; sim: GatewayUnderTest };
  const root = mkdtempSync(join(tmpdir(), 'atelier-team-'));
  const running: Machine[] = [];
  let counter = 0;

  beforeAll(async () => {
    [env.pg, env.s3, env.sim] = await Promise.all([startTestPostgres(), startTestS3(), options.gateway(GATEWAY_KEY)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.splice(0).map((m) => m.stop()));
    await Promise.all([env.pg?.stop(), env.s3?.stop(), env.sim?.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  const fixture = {
    env,
    root,
    /** Starts one machine per name (member = name), all joined to the same team. */
    async team(names: string[], extra: Record<string, unknown> = {}): Promise<{ machines: Machine[]; prefix: string; dataDir: (name: string) => string; start: (name: string) => Promise<Machine> }> {
      const prefix = `t${++counter}`;
      const dataDir = (name: string): string => join(root, prefix, name);
      const start = async (name: string): Promise<Machine> => {
        const m = await startMachine(name, {
          dataDir: dataDir(name),
          gateway: { baseUrl: env.sim.baseUrl, apiKey: env.sim.apiKey },
          pgUrl: env.pg.url,
          member: name,
          machine: `${name}-${prefix}`,
          leaseMs: options.leaseMs,
          media: { kind: 's3', location: { ...env.s3.location, prefix }, credentials: S3RVER_CREDENTIALS },
          ...extra,
        });
        running.push(m);
        return m;
      };
      const machines = await Promise.all(names.map(start));
      return { machines, prefix, dataDir, start };
    },
    /** Whether the database answers now (false while a restart has it down). */
    async reachable(): Promise<boolean> {
      const c = new pg.Client({ connectionString: env.pg.url, connectionTimeoutMillis: 1_000 });
      try {
        await c.connect();
        await c.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    async ledger<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
      const c = new pg.Client({ connectionString: env.pg.url });
      await c.connect();
      try {
        return await fn(c);
      } finally {
        await c.end();
      }
    },
    /** Object keys under a prefix, read through s3rver's folder (the SDK's own listing is covered in contract.test.ts). */
    bucketKeys(prefix: string): string[] {
      const base = join(env.s3.dir, env.s3.location.bucket);
      if (!existsSync(join(base, prefix))) return [];
      return readdirSync(join(base, prefix), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('._S3rver_object'))
        .map((e) => relative(base, join(e.parentPath, e.name.replace(/\._S3rver_object$/, ''))).split(sep).join('/'));
    },
    /** Result files the gateway served since `since` (every download attempt of every machine). */
    fileGets: (since: number): number => env.sim.log.filter((e) => e.at >= since && e.family === 'files' && e.method === 'GET').length,
    submitsSince: (since: number): number => env.sim.log.filter((e) => e.at >= since && e.method === 'POST' && e.path === SUBMIT_PATH).length,
    /**
     * Waits until the ledger knows every task's gateway id (the holder's write after the send landed): only
     * then is a task "mid-poll" for the others. Before it, a takeover rightly finds it `unknown`.
     */
    async ledgerHasRemoteIds(ids: string[], timeoutMs = 15_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const n = await fixture.ledger(async (c) => Number((await c.query(`SELECT count(*) AS n FROM tasks WHERE id = ANY($1) AND record->>'remoteId' IS NOT NULL`, [ids])).rows[0]?.n));
        if (n === ids.length) return;
        if (Date.now() > until) throw new Error(`the ledger knows ${n} of ${ids.length} gateway ids`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** The ledger's rows of these tasks once all are `want` and closed (or as they are after the timeout). */
    async settledRows(ids: string[], want: string, timeoutMs = 10_000): Promise<{ id: string; status: string; lease_owner: string | null; lease_epoch: string; record: { status: string } }[]> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const rows = await fixture.ledger((c) => c.query('SELECT id, status, lease_owner, lease_epoch, record FROM tasks WHERE id = ANY($1) ORDER BY id', [ids]));
        const typed = rows.rows as { id: string; status: string; lease_owner: string | null; lease_epoch: string; record: { status: string } }[];
        if ((typed.length === ids.length && typed.every((r) => r.status === want && r.lease_owner === null)) || Date.now() > until) return typed;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return fixture;
}

/**
 * Sends a submit command and waits for its answer: the ids of the tasks accepted in this batch, and how many
 * were refused (with their messages). Lines before the command are not looked at.
 */
export async function submit(m: Machine, count: number, prompt: string, options: { video?: boolean } = {}): Promise<{ ids: string[]; refused: string[] }> {
  const from = m.lines.length;
  m.send({ op: 'submit', count, prompt, ...options });
  await m.waitFor((l) => l.type === 'submits-done' && m.lines.indexOf(l) >= from, 30_000, 'submits');
  const batch = m.lines.slice(from);
  return {
    ids: batch.filter((l) => l.type === 'submitted').map((l) => l['id'] as string),
    refused: batch.filter((l) => l.type === 'refused').map((l) => String(l['message'])),
  };
}
