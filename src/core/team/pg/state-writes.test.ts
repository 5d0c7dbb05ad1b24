import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makeTaskRecord } from '../../db/test-fixtures';
import type { TaskRecord } from '../../tasks/task-record';
import { startTestPostgres, type TestPostgres } from '../test-support/test-postgres';
import { openLedger, type TeamLedger } from './open-ledger';

/** Holders' state writes asked for together share one statement, on a real PostgreSQL; each keeps its own fence. */
let server: TestPostgres;
let ledger: TeamLedger;
beforeAll(async () => {
  server = await startTestPostgres();
  ledger = await openLedger(server.url, { owner: 'batcher', member: 'batcher', leaseMs: 60_000 });
}, 60_000);
afterAll(async () => {
  await ledger?.close();
  await server?.stop();
});

const fresh = (over: Partial<TaskRecord> = {}): TaskRecord => makeTaskRecord({ status: 'queued', points: null, createdAt: Date.now(), results: [], ...over });
const statements = (spy: { mock: { calls: unknown[][] } }): number => spy.mock.calls.filter((c) => /UPDATE tasks SET record/.test(String(c[0]))).length;

it('writes of several tasks asked for together go as one statement; a stale one is refused, the others land, a closing one settles', async () => {
  const tasks = [fresh(), fresh(), fresh(), fresh(), fresh()];
  const leases = await Promise.all(tasks.map((task) => ledger.library.reserveAndInsert({ task, member: 'batcher', points: 1, owner: 'batcher' })));
  // Another machine took the first one over (its epoch moved on): this machine's lease on it is stale.
  await ledger.pool.query(`UPDATE tasks SET lease_epoch = lease_epoch + 1, lease_owner = 'other' WHERE id = $1`, [tasks[0]?.id]);
  const query = vi.spyOn(ledger.pool, 'query');
  const results = await Promise.all(
    tasks.map((task, i) => {
      const lease = leases[i];
      if (!lease) throw new Error('no lease');
      return ledger.library.write(i === 4 ? { ...task, status: 'succeeded', points: 3 } : { ...task, status: 'running', progress: 10 * i }, lease, {});
    }),
  );
  // The first goes at once (nothing was in flight); the four asked for meanwhile go together.
  expect(statements(query)).toBe(2);
  query.mockRestore();
  expect(results).toEqual([false, true, true, true, true]);
  const rows = await ledger.pool.query<{ id: string; status: string; lease_owner: string | null; points: string; settled: boolean }>(
    'SELECT t.id, t.status, t.lease_owner, s.points::text AS points, s.settled FROM tasks t JOIN spend s ON s.task_id = t.id WHERE t.id = ANY($1)',
    [tasks.map((t) => t.id)],
  );
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  // Refused: the other machine's row is as it left it.
  expect(byId.get(tasks[0]?.id ?? '')).toMatchObject({ status: 'queued', lease_owner: 'other', points: '1', settled: false });
  expect(byId.get(tasks[2]?.id ?? '')).toMatchObject({ status: 'running', lease_owner: 'batcher', settled: false });
  expect(await ledger.library.get(tasks[3]?.id ?? '')).toMatchObject({ status: 'running', progress: 30 });
  expect(byId.get(tasks[4]?.id ?? '')).toMatchObject({ status: 'succeeded', lease_owner: null, points: '3', settled: true });
});

it('two writes of one task never share a statement: both land, in order, and the newer state stays', async () => {
  const task = fresh();
  const lease = await ledger.library.reserveAndInsert({ task, member: 'batcher', points: 1, owner: 'batcher' });
  const other = fresh();
  const otherLease = await ledger.library.reserveAndInsert({ task: other, member: 'batcher', points: 1, owner: 'batcher' });
  const query = vi.spyOn(ledger.pool, 'query');
  const results = await Promise.all([
    ledger.library.write({ ...other, status: 'running' }, otherLease),
    ledger.library.write({ ...task, status: 'running', progress: 10 }, lease),
    ledger.library.write({ ...task, status: 'running', progress: 60 }, lease),
  ]);
  expect(statements(query)).toBe(3);
  query.mockRestore();
  expect(results).toEqual([true, true, true]);
  expect(await ledger.library.get(task.id)).toMatchObject({ progress: 60 });
  const log = await ledger.pool.query('SELECT count(*)::int AS n FROM change_log WHERE task_id = $1', [task.id]);
  expect(log.rows[0]).toEqual({ n: 3 }); // the insert and both writes
});

it('state writes and lease renewals of the same tasks, asked for at once in opposite orders, never deadlock', async () => {
  const tasks = Array.from({ length: 24 }, () => fresh());
  const leases = await Promise.all(tasks.map((task) => ledger.library.reserveAndInsert({ task, member: 'batcher', points: 1, owner: 'batcher' })));
  const pacer = fresh();
  const pacerLease = await ledger.library.reserveAndInsert({ task: pacer, member: 'batcher', points: 1, owner: 'batcher' });
  const deadlocks: unknown[] = [];
  const caught = (e: unknown): void => {
    if (typeof e === 'object' && e !== null && 'code' in e && e.code === '40P01') deadlocks.push(e);
    else throw e;
  };
  for (let round = 0; round < 30; round++) {
    // A write in flight, so the 24 asked for meanwhile go as one statement the moment it lands; the keeper's
    // renewal goes then too. The writes lock rows in the order asked (first to last), the renewal last to first.
    const inFlight = ledger.library.write({ ...pacer, status: 'running', progress: round }, pacerLease);
    const writes = tasks.map((task, i) => {
      const lease = leases[i];
      if (!lease) throw new Error('no lease');
      return ledger.library.write({ ...task, status: 'running', progress: round }, lease).catch(caught);
    });
    await inFlight;
    const renewal = ledger.leases.keepRound([...leases].reverse(), 0).catch(caught);
    await Promise.all([...writes, renewal]);
  }
  expect(deadlocks).toEqual([]);
  expect(await ledger.library.get(tasks[23]?.id ?? '')).toMatchObject({ status: 'running', progress: 29 });
}, 60_000);
