import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { finished, type Machine } from './test-support/team-machines';
import { GATEWAY_KEY, SUBMIT_PATH, submit, teamFixture } from './test-support/team-fixture';
import { S3RVER_CREDENTIALS } from './test-support/test-s3';

/** The team under faults, machines as separate processes: a budget race, a PostgreSQL restart, and the key dump. */
const LEASE_MS = 2_000;
const f = teamFixture({ leaseMs: LEASE_MS, gateway: (apiKey) => startSimulator({ port: 0, apiKey, speed: 0.15 }) });
// One team for the file (process starts are the slow part); each test leaves both machines running.
let team: Awaited<ReturnType<typeof f.team>>;
beforeAll(async () => {
  team = await f.team(['ana', 'ben']);
}, 60_000);

it('the budget race: A and B submit at once near the cap, and the sum reserved never passes it', { timeout: 60_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  const used = await f.ledger(async (c) => Number((await c.query(`SELECT coalesce(sum(points), 0) AS s FROM spend WHERE day = (now() AT TIME ZONE 'utc')::date`)).rows[0]?.s));
  await f.ledger((c) => c.query('UPDATE budget SET daily_cap = $1 WHERE id = 1', [used + 5]));
  try {
    const since = Date.now();
    const [ra, rb] = await Promise.all([submit(a, 4, 'race a'), submit(b, 4, 'race b')]);
    const accepted = [...ra.ids, ...rb.ids];
    const refused = [...ra.refused, ...rb.refused];
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(3);
    expect(refused.every((m) => /daily budget of \d+ points would be passed/.test(m))).toBe(true);
    const spent = await f.ledger(async (c) => Number((await c.query(`SELECT sum(points) AS s FROM spend WHERE day = (now() AT TIME ZONE 'utc')::date`)).rows[0]?.s));
    expect(spent).toBe(used + 5);
    // Nothing refused was sent: the gateway saw exactly the reserved tasks (under load, a reservation that took
    // longer than the local lease margin is sent at the next renewal, so wait for the five first).
    await expectEventually(async () => f.submitsSince(since) >= 5, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(f.submitsSince(since)).toBe(5);
  } finally {
    await f.ledger((c) => c.query('UPDATE budget SET daily_cap = NULL WHERE id = 1'));
  }
});

it('PostgreSQL restarted mid-run: everyone reconnects and catches up; an edit made meanwhile is replayed', { timeout: 90_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  if (!f.env.pg.restartable) return; // ATELIER_TEST_PG_URL names a server this test may not restart.
  const since = Date.now();
  const { ids } = await submit(a, 3, 'through a restart');
  const [first] = ids;
  await a.waitFor((l) => finished(l, first), 30_000, 'a first result');
  const down = f.env.pg.restart(LEASE_MS);
  // While the database is away: a favourite made on B (the task is A's and closed), queued on B.
  await new Promise((r) => setTimeout(r, 300));
  b.send({ op: 'favourite', id: first });
  await b.waitFor((l) => l.type === 'favourited', 5_000, 'favourited');
  await down;
  await Promise.all(ids.map((id) => b.waitFor((l) => finished(l, id), 30_000, `${id} finished on B`)));
  const rows = await f.settledRows(ids, 'succeeded', 15_000);
  expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  await expectEventually(async () => (await f.ledger((c) => c.query('SELECT record->>$2 AS fav FROM tasks WHERE id = $1', [first, 'favourite']))).rows[0]?.fav === 'true');
  // A hears of B's edit through the feed.
  await a.waitFor((l) => l.type === 'task' && l['id'] === first && l['favourite'] === true, 10_000, 'the favourite on A');
  expect(f.submitsSince(since)).toBe(3);
  // Each machine said it was offline while the database was away, and took it back after.
  // (The notice is taken back once the machine's next write to the ledger works, which may come a moment
  // after the catch-up checked above.)
  for (const m of [a, b]) {
    const offline = (): boolean[] => m.lines.filter((l) => l.type === 'notices').map((l) => (l['kinds'] as string[]).includes('team-offline'));
    expect(offline()).toContain(true);
    await expectEventually(async () => offline().at(-1) === false);
  }
});

it('a Generate while PostgreSQL is away waits (saying why), and is reserved, then sent, when it is back', { timeout: 90_000 }, async () => {
  const [a] = team.machines as [Machine];
  if (!f.env.pg.restartable) return; // ATELIER_TEST_PG_URL names a server this test may not restart.
  const since = Date.now();
  const down = f.env.pg.restart(5_000);
  await expectEventually(async () => !(await f.reachable()), 10_000);
  const { ids, refused } = await submit(a, 2, 'made offline');
  expect(refused).toEqual([]);
  expect(ids).toHaveLength(2);
  for (const id of ids) {
    const line = await a.waitFor((l) => l.type === 'task' && l['id'] === id && l['status'] === 'waiting' && /team database/.test(String(l['rawStatus'])), 5_000, `${id} waiting for the database`);
    expect(line['rawStatus']).toMatch(/Waiting for the team database/);
  }
  // Nothing goes out without a reservation, however long the database is away.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(f.submitsSince(since)).toBe(0);
  await down;
  const upAt = Date.now();
  await Promise.all(ids.map((id) => a.waitFor((l) => finished(l, id), 40_000, `${id} finished after the database came back`)));
  const reserved = await f.ledger(async (c) => (await c.query('SELECT task_id, points FROM spend WHERE task_id = ANY($1)', [ids])).rows);
  expect(reserved).toHaveLength(2);
  const posts = f.env.sim.log.filter((e) => e.at >= since && e.method === 'POST' && e.path === SUBMIT_PATH);
  expect(posts).toHaveLength(2);
  expect(posts.every((e) => e.at >= upAt)).toBe(true);
});

it('no key in a full dump of the database or in the bucket', { timeout: 60_000 }, async () => {
  const [a] = team.machines as [Machine];
  const [id] = (await submit(a, 1, 'a keyless result')).ids;
  await a.waitFor((l) => finished(l, id), 30_000, 'done');
  await f.settledRows([id ?? ''], 'succeeded');
  const dump = await f.ledger(async (c) => {
    const tables = await c.query<{ schemaname: string; tablename: string }>(`SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
    const parts: string[] = [];
    for (const t of tables.rows) {
      const rows = await c.query(`SELECT row_to_json(x)::text AS j FROM ${c.escapeIdentifier(t.schemaname)}.${c.escapeIdentifier(t.tablename)} x`);
      parts.push(`-- ${t.tablename}`, ...rows.rows.map((r: { j: string }) => r.j));
    }
    const code = await c.query(`SELECT prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`);
    parts.push(...code.rows.map((r: { prosrc: string }) => r.prosrc));
    return parts.join('\n');
  });
  expect(dump).toContain(id);
  const bucketDir = join(f.env.s3.dir, f.env.s3.location.bucket);
  const objects = readdirSync(bucketDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(objects.some((e) => e.name.endsWith('._S3rver_object'))).toBe(true);
  // Every key, every object's bytes and s3rver's metadata beside them.
  const bucket = objects.map((e) => `${join(e.parentPath, e.name)}\n${readFileSync(join(e.parentPath, e.name)).toString('latin1')}`).join('\n');
  for (const secret of [GATEWAY_KEY, S3RVER_CREDENTIALS.secretAccessKey, new URL(f.env.pg.url).password].filter((s) => s.length > 0)) {
    expect(dump.includes(secret), `secret found in the database dump`).toBe(false);
    expect(bucket.includes(secret), `secret found in the bucket`).toBe(false);
  }
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
