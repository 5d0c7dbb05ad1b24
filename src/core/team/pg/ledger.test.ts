import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join as pathJoin } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TaskStore } from '../../db/task-store';
import { FolderMediaStore } from '../media/folder-media-store';
import { shareLibrary } from '../share-library';
import { makeTaskRecord } from '../../db/test-fixtures';
import type { TaskRecord } from '../../tasks/task-record';
import { startTestPostgres, type TestPostgres } from '../test-support/test-postgres';
import { BudgetExceeded } from '../ports';
import { ChangeFeed, type ChangedTask } from './change-feed';
import { openLedger, type TeamLedger } from './open-ledger';

/** The ledger's own guarantees, on a real PostgreSQL: migrations, fencing, SKIP LOCKED, the budget race, the feed. */
let server: TestPostgres;
const open: TeamLedger[] = [];
const join = async (owner: string, leaseMs = 60_000): Promise<TeamLedger> => {
  const l = await openLedger(server.url, { owner, member: owner, leaseMs, poolSize: 8 });
  open.push(l);
  return l;
};

beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((l) => l.close()));
  await server?.stop();
});

const fresh = (over: Partial<TaskRecord> = {}): TaskRecord =>
  makeTaskRecord({ status: 'queued', points: null, createdAt: Date.now(), results: [], ...over });

it('migrations are numbered, run once at the first join, and two machines joining at once apply each step once', async () => {
  const [first, second] = await Promise.all([join('m-first'), join('m-second')]);
  expect([...first.applied, ...second.applied].sort()).toEqual([1, 2, 3]);
  const third = await join('m-third');
  expect(third.applied).toEqual([]);
  const versions = await third.pool.query('SELECT version, name FROM schema_migrations ORDER BY version');
  expect(versions.rows).toEqual([
    { version: 1, name: 'ledger' },
    { version: 2, name: 'shared boards and prompt library' },
    { version: 3, name: 'reservation in one call' },
  ]);
});

it("a holder that lost its lease (expired, taken over) has every write refused and nothing it sends lands", async () => {
  const a = await join('sleepy', 80);
  const b = await join('awake', 60_000);
  const task = fresh();
  const old = await a.library.reserveAndInsert({ task, member: 'sleepy', points: 1, owner: 'sleepy' });
  await new Promise((r) => setTimeout(r, 150));
  const taken = (await b.leases.claimExpired(100)).find((l) => l.taskId === task.id);
  expect(taken).toMatchObject({ owner: 'awake', epoch: old.epoch + 1 });
  if (!taken) return;
  expect(await b.library.write({ ...task, status: 'succeeded', progress: 100 }, taken)).toBe(true);
  // The sleeper wakes and writes what it had: refused, and the newer state stays.
  expect(await a.library.write({ ...task, status: 'running', progress: 10 }, old)).toBe(false);
  expect(await a.leases.renew(old)).toBeNull();
  expect(await a.library.settle(task.id, 99, old)).toBe(false);
  expect(await a.library.write({ ...task, status: 'failed', points: 99 }, old)).toBe(false);
  expect((await a.pool.query('SELECT points::int AS points FROM spend WHERE task_id = $1', [task.id])).rows).toEqual([{ points: 1 }]);
  expect(await b.library.get(task.id)).toMatchObject({ status: 'succeeded', progress: 100 });
});

it('renewing all held leases in one statement: the ones still held come back later; a lost or closed one does not', async () => {
  const a = await join('renewer', 80);
  const b = await join('taker', 60_000);
  const [kept, lost, closed] = [fresh(), fresh(), fresh()];
  const leases = [];
  for (const task of [kept, lost, closed]) leases.push(await a.library.reserveAndInsert({ task, member: 'renewer', points: 1, owner: 'renewer' }));
  const [keptLease, lostLease, closedLease] = leases;
  if (!keptLease || !lostLease || !closedLease) throw new Error('reservations');
  expect(await a.library.write({ ...closed, status: 'succeeded' }, closedLease)).toBe(true); // closing releases it
  await new Promise((r) => setTimeout(r, 150));
  // `lost` expired and was taken; `kept` expired too, but nobody took it: its holder may still renew it.
  expect(await b.leases.acquire(lost.id)).toMatchObject({ owner: 'taker', epoch: lostLease.epoch + 1 });
  const renewed = await a.leases.renewAll([keptLease, lostLease, closedLease]);
  expect([...renewed.keys()]).toEqual([kept.id]);
  expect(renewed.get(kept.id)).toMatchObject({ owner: 'renewer', epoch: keptLease.epoch });
  expect(renewed.get(kept.id)?.until).toBeGreaterThan(keptLease.until);
  expect(await a.leases.renewAll([])).toEqual(new Map());
});

it('a keeper round is one statement: it renews the held leases and takes abandoned tasks; a held lease that expired unnoticed is renewed at its epoch, not taken over by its own holder', async () => {
  const keeper = await join('keeper', 80);
  const gone = await join('gone-keeper', 1);
  const busy = await join('busy-keeper', 60_000);
  const [mine, abandoned, theirs] = [fresh(), fresh(), fresh()];
  const mineLease = await keeper.library.reserveAndInsert({ task: mine, member: 'keeper', points: 0, owner: 'keeper' });
  const abandonedLease = await gone.library.reserveAndInsert({ task: abandoned, member: 'gone-keeper', points: 0, owner: 'gone-keeper' });
  await busy.library.reserveAndInsert({ task: theirs, member: 'busy-keeper', points: 0, owner: 'busy-keeper' });
  await new Promise((r) => setTimeout(r, 150)); // both short leases expired on the server
  const statements = vi.spyOn(keeper.pool, 'query');
  const round = await keeper.leases.keepRound([mineLease], 100);
  expect(statements).toHaveBeenCalledTimes(1);
  statements.mockRestore();
  expect([...round.renewed.keys()]).toEqual([mine.id]);
  expect(round.renewed.get(mine.id)).toMatchObject({ owner: 'keeper', epoch: mineLease.epoch });
  const claimed = round.claimed.filter((l) => [mine.id, abandoned.id, theirs.id].includes(l.taskId));
  expect(claimed).toEqual([expect.objectContaining({ taskId: abandoned.id, owner: 'keeper', epoch: abandonedLease.epoch + 1 })]);
  // The abandoned task's old holder is fenced; the live lease of another machine was not touched.
  expect(await gone.library.write({ ...abandoned, status: 'running' }, abandonedLease)).toBe(false);
  expect((await keeper.pool.query('SELECT lease_owner FROM tasks WHERE id = $1', [theirs.id])).rows).toEqual([{ lease_owner: 'busy-keeper' }]);
  expect(await keeper.leases.keepRound([], 0)).toEqual({ renewed: new Map(), claimed: [] });
});

it('machines scanning for abandoned tasks at once each take different ones (FOR UPDATE SKIP LOCKED)', async () => {
  const seed = await join('gone', 1);
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const task = fresh();
    ids.push(task.id);
    await seed.library.reserveAndInsert({ task, member: 'gone', points: 0, owner: 'gone' });
  }
  await new Promise((r) => setTimeout(r, 20));
  const scanners = await Promise.all(['s1', 's2', 's3'].map((n) => join(n)));
  const claims = await Promise.all(scanners.flatMap((s) => [s.leases.claimExpired(7), s.leases.claimExpired(7)]));
  const taken = claims.flat().filter((l) => ids.includes(l.taskId)).map((l) => l.taskId);
  expect(new Set(taken).size).toBe(taken.length);
  const leftover = await scanners[0]?.leases.claimExpired(100);
  expect(new Set([...taken, ...(leftover ?? []).map((l) => l.taskId)])).toEqual(new Set(ids));
});

it('the budget race: 40 reservations from two machines at once near the cap never pass it', async () => {
  const a = await join('racer-a');
  const b = await join('racer-b');
  await a.pool.query('DELETE FROM spend');
  await a.library.setBudget({ dailyCap: 15, memberCaps: { 'racer-b': 6 } });
  try {
    const attempts = Array.from({ length: 40 }, (_, i) => {
      const [l, member] = i % 2 === 0 ? [a, 'racer-a'] : [b, 'racer-b'];
      return l.library.reserveAndInsert({ task: fresh(), member, points: 1, owner: member }).then(
        () => 'ok' as const,
        (e: unknown) => (e instanceof BudgetExceeded ? e.scope : 'error'),
      );
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(15);
    expect(outcomes).not.toContain('error');
    const spend = await a.library.spendByMember();
    expect(spend.reduce((s, m) => s + m.points, 0)).toBe(15);
    // The member cap holds too. How many of the 15 racer-b got depends on which machine's requests came
    // first (racer-a has no cap of its own and may take most of the day's), so only its bound is fixed.
    const bPoints = spend.find((m) => m.member === 'racer-b')?.points ?? 0;
    expect(bPoints).toBeLessThanOrEqual(6);
    expect(outcomes.filter((o, i) => i % 2 === 1 && o === 'ok')).toHaveLength(bPoints);
  } finally {
    await a.library.setBudget({ dailyCap: null, memberCaps: {} });
  }
});

it('the feed delivers each commit, and after a PostgreSQL restart reconnects and pulls what it missed', { timeout: 40_000 }, async () => {
  const writer = await join('feed-writer');
  const since = Number((await writer.pool.query('SELECT coalesce(max(seq), 0) AS s FROM change_log')).rows[0]?.s ?? 0);
  const seen: ChangedTask[] = [];
  const states: string[] = [];
  const feed = new ChangeFeed({ url: server.url, since, apply: async (rows) => void seen.push(...rows), onState: (s) => states.push(s), retryMs: 100, safetyPullMs: 60_000 });
  feed.start();
  const waitFor = async (id: string, ms = 10_000): Promise<number> => {
    const t0 = Date.now();
    while (!seen.some((r) => r.id === id)) {
      if (Date.now() - t0 > ms) throw new Error(`feed did not deliver ${id}; states ${states.join(',')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return Date.now() - t0;
  };
  try {
    const first = fresh();
    await writer.library.reserveAndInsert({ task: first, member: 'feed-writer', points: 0, owner: 'feed-writer' });
    expect(await waitFor(first.id)).toBeLessThan(1_000);
    if (!server.restartable) return; // ATELIER_TEST_PG_URL names a server this test may not restart.
    await server.restart(300);
    // Written before the feed is back: pulled on reconnect, not lost with the notification it missed.
    const during = fresh();
    await writer.library.reserveAndInsert({ task: during, member: 'feed-writer', points: 0, owner: 'feed-writer' });
    await waitFor(during.id);
    expect(states).toContain('offline');
    const after = fresh();
    await writer.library.reserveAndInsert({ task: after, member: 'feed-writer', points: 0, owner: 'feed-writer' });
    await waitFor(after.id);
    expect(seen.map((r) => r.seq)).toEqual([...seen.map((r) => r.seq)].sort((x, y) => x - y));
  } finally {
    await feed.stop();
  }
});

it('sharing a solo library puts its finished tasks and files in the ledger once; a second run changes nothing', async () => {
  const ledger = await join('sharer');
  const dir = mkdtempSync(pathJoin(tmpdir(), 'atelier-share-'));
  try {
    const store = TaskStore.open(pathJoin(dir, 'atelier.db'));
    const library = pathJoin(dir, 'library');
    const media = new FolderMediaStore(pathJoin(dir, 'media'));
    const finishedIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = makeTaskRecord();
      const file = t.results[0]?.file ?? 'x.png';
      mkdirSync(dirname(pathJoin(library, file)), { recursive: true });
      writeFileSync(pathJoin(library, file), `result ${i} ${t.id}`);
      store.insert(t);
      finishedIds.push(t.id);
    }
    store.insert(makeTaskRecord({ status: 'running', results: [] }));
    const run = () => shareLibrary({ store, pool: ledger.pool, media, member: 'sharer', machine: 'sharer', libraryDir: library });
    expect(await run()).toEqual({ done: 4, total: 4, skipped: 0 });
    const rows = await ledger.pool.query('SELECT id, member, open, media FROM tasks WHERE id = ANY($1)', [finishedIds]);
    expect(rows.rows).toHaveLength(3);
    expect(rows.rows.every((r: { member: string; open: boolean; media: Record<string, string> }) => r.member === 'sharer' && !r.open && Object.keys(r.media).length === 1)).toBe(true);
    const objects = await media.list();
    expect(objects).toHaveLength(3);
    expect(await run()).toEqual({ done: 4, total: 4, skipped: 3 });
    expect(await media.list()).toEqual(objects);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
