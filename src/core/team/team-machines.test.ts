import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { finished, startMachine, type Machine, type MachineLine, type TaskLine } from './test-support/team-machines';
import { startTestPostgres, type TestPostgres } from './test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from './test-support/test-s3';

/**
 * Several cores as separate processes against one PostgreSQL, one s3rver bucket and the simulator (issue 29,
 * "Done when"). Each machine has its own SQLite cache and library folder; only the ledger and the bucket are
 * shared.
 */
const LEASE_MS = 2_000;
const SUBMIT = '/open/aigw/gateway/generations';

let pgServer: TestPostgres;
let s3: TestS3;
let sim: Simulator;
const root = mkdtempSync(join(tmpdir(), 'atelier-team-'));
const running: Machine[] = [];
let prefixCounter = 0;

beforeAll(async () => {
  [pgServer, s3, sim] = await Promise.all([startTestPostgres(), startTestS3(), startSimulator({ port: 0, apiKey: 'team-gateway-key', speed: 0.15 })]);
}, 60_000);
afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.stop()));
});
afterAll(async () => {
  await Promise.all([pgServer?.stop(), s3?.stop(), sim?.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** A fresh team per test: its own database schema state is shared, so each test uses its own bucket prefix. */
async function team(names: string[], extra: Record<string, unknown> = {}): Promise<{ machines: Machine[]; prefix: string }> {
  const prefix = `t${++prefixCounter}`;
  const machines = await Promise.all(
    names.map((name) =>
      startMachine(name, {
        dataDir: join(root, prefix, name),
        gateway: { baseUrl: sim.baseUrl, apiKey: sim.apiKey },
        pgUrl: pgServer.url,
        member: name,
        machine: `${name}-machine`,
        leaseMs: LEASE_MS,
        media: { kind: 's3', location: { ...s3.location, prefix }, credentials: S3RVER_CREDENTIALS },
        ...extra,
      }),
    ),
  );
  running.push(...machines);
  return { machines, prefix };
}

async function ledger<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgServer.url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const submitted = (m: Machine, n: number): Promise<string[]> =>
  m.waitFor((l) => l.type === 'submits-done', 20_000, 'submits').then(() => m.lines.filter((l) => l.type === 'submitted').map((l) => l['id'] as string).slice(-n));

const submitsSince = (since: number): number => sim.log.filter((e) => e.at >= since && e.method === 'POST' && e.path === SUBMIT).length;

it('a task submitted on A appears on B, its file stored once in the bucket and fetched into B\'s library', { timeout: 60_000 }, async () => {
  const { machines, prefix } = await team(['ana', 'ben']);
  const [a, b] = machines as [Machine, Machine];
  const since = Date.now();
  a.send({ op: 'submit', count: 1, prompt: 'a shared lighthouse' });
  const [id] = await submitted(a, 1);
  const onA = await a.waitFor<TaskLine & MachineLine>((l) => finished(l, id), 30_000, 'done on A');
  const onB = await b.waitFor<TaskLine & MachineLine>((l) => finished(l, id), 10_000, 'done on B');
  const file = onB.results[0]?.file ?? 'missing';
  expect(file).toBe(onA.results[0]?.file);
  const mine = readFileSync(join(root, prefix, 'ana', 'library', file));
  const theirs = readFileSync(join(root, prefix, 'ben', 'library', file));
  expect(theirs.equals(mine)).toBe(true);
  // Media once: one object per result, keyed by the stored file's hash; the gateway's file fetched by A only.
  expect(bucketKeys(prefix)).toEqual([`${prefix}/media/sha256/${createHash('sha256').update(theirs).digest('hex')}`]);
  expect(fileGets(since)).toBe(1);
});

/** Object keys under a prefix, read through s3rver's folder (the SDK's own listing is covered in contract.test.ts). */
function bucketKeys(prefix: string): string[] {
  const base = join(s3.dir, s3.location.bucket);
  return readdirSync(join(base, prefix), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('._S3rver_object'))
    .map((e) => relative(base, join(e.parentPath, e.name.replace(/\._S3rver_object$/, ''))).split(sep).join('/'));
}

/** Result files the gateway served since `since` (every download attempt of every machine). */
const fileGets = (since: number): number => sim.log.filter((e) => e.at >= since && e.family === 'files' && e.method === 'GET').length;

const ledgerStatuses = async (ids: string[], want: string, timeoutMs = 10_000): Promise<{ status: string; lease_owner: string | null; lease_epoch: string }[]> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await ledger((c) => c.query<{ status: string; lease_owner: string | null; lease_epoch: string }>('SELECT status, lease_owner, lease_epoch FROM tasks WHERE id = ANY($1)', [ids]));
    if (rows.rows.length === ids.length && rows.rows.every((r) => r.status === want && r.lease_owner === null)) return rows.rows;
    if (Date.now() > until) return rows.rows;
    await new Promise((r) => setTimeout(r, 100));
  }
};

it('A SIGKILLed mid-poll: B takes over after the lease and finishes; one submit per task', { timeout: 90_000 }, async () => {
  const { machines } = await team(['ana', 'ben']);
  const [a, b] = machines as [Machine, Machine];
  const since = Date.now();
  a.send({ op: 'submit', count: 3, prompt: 'abandoned mid-poll' });
  const ids = await submitted(a, 3);
  // Every task has its gateway id (sent and answered), none finished: A is polling them.
  await Promise.all(ids.map((id) => a.waitFor((l) => l.type === 'task' && l['id'] === id && typeof l['remoteId'] === 'string', 15_000, `remote id of ${id}`)));
  expect(ids.some((id) => a.tasks().get(id)?.status === 'succeeded')).toBe(false);
  const killedAt = Date.now();
  a.kill('SIGKILL');
  const done = await Promise.all(ids.map((id) => b.waitFor((l) => finished(l, id), LEASE_MS + 25_000, `${id} finished on B`)));
  const takeover = Math.max(...done.map((l) => (l['at'] as number) - killedAt));
  expect(submitsSince(since)).toBe(3);
  expect(fileGets(since)).toBe(3);
  const rows = await ledgerStatuses(ids, 'succeeded');
  expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  // Closed tasks hold no lease; each was taken over once (epoch 1 at insert, 2 after B took it).
  expect(rows.every((r) => r.lease_owner === null && Number(r.lease_epoch) === 2)).toBe(true);
  process.stdout.write(`takeover after SIGKILL: all ${ids.length} tasks finished on B ${takeover} ms after the kill (lease ${LEASE_MS} ms)\n`);
});
