import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { finished, type Machine, type MachineLine, type TaskLine } from './test-support/team-machines';
import { submit, teamFixture } from './test-support/team-fixture';

/**
 * Several cores as separate processes against one PostgreSQL, one s3rver bucket and the simulator (issue 29,
 * "Done when"). Each machine has its own SQLite cache and library folder; only the ledger and the bucket are
 * shared.
 */
const LEASE_MS = 2_000;
const f = teamFixture({ leaseMs: LEASE_MS, gateway: (apiKey) => startSimulator({ port: 0, apiKey, speed: 0.15 }) });
// One team for the file (process starts are the slow part): the tests run in order and say what they leave.
let team: Awaited<ReturnType<typeof f.team>>;
beforeAll(async () => {
  team = await f.team(['ana', 'ben']);
}, 60_000);

it("a task submitted on A appears on B, its file stored once in the bucket and fetched into B's library", { timeout: 60_000 }, async () => {
  const { machines, prefix, dataDir } = team;
  const [a, b] = machines as [Machine, Machine];
  const since = Date.now();
  const [id] = (await submit(a, 1, 'a shared lighthouse')).ids;
  const onA = await a.waitFor<TaskLine & MachineLine>((l) => finished(l, id), 30_000, 'done on A');
  const onB = await b.waitFor<TaskLine & MachineLine>((l) => finished(l, id), 10_000, 'done on B');
  const file = onB.results[0]?.file ?? 'missing';
  expect(file).toBe(onA.results[0]?.file);
  const mine = readFileSync(join(dataDir('ana'), 'library', file));
  const theirs = readFileSync(join(dataDir('ben'), 'library', file));
  expect(theirs.equals(mine)).toBe(true);
  // Media once: one object per result, keyed by the stored file's hash; the gateway's file fetched by A only.
  expect(f.bucketKeys(prefix)).toEqual([`${prefix}/media/sha256/${createHash('sha256').update(theirs).digest('hex')}`]);
  expect(f.fileGets(since)).toBe(1);
  process.stdout.write(`propagation A→B (finished on A → finished on B): ${onB.at - onA.at} ms\n`);
});

it('A SIGKILLed mid-poll: B takes over after the lease and finishes; one submit per task, each file fetched once', { timeout: 90_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  const since = Date.now();
  const { ids } = await submit(a, 3, 'abandoned mid-poll');
  // Every task has its gateway id (sent and answered), none finished: A is polling them.
  await Promise.all(ids.map((id) => a.waitFor((l) => l.type === 'task' && l['id'] === id && typeof l['remoteId'] === 'string', 15_000, `remote id of ${id}`)));
  await f.ledgerHasRemoteIds(ids);
  expect(ids.some((id) => a.tasks().get(id)?.status === 'succeeded')).toBe(false);
  const killedAt = Date.now();
  a.kill('SIGKILL');
  const done = await Promise.all(ids.map((id) => b.waitFor((l) => finished(l, id), LEASE_MS + 25_000, `${id} finished on B`)));
  const takeover = Math.max(...done.map((l) => (l['at'] as number) - killedAt));
  expect(f.submitsSince(since)).toBe(3);
  expect(f.fileGets(since)).toBe(3);
  const rows = await f.settledRows(ids, 'succeeded');
  expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  // Closed tasks hold no lease; each was taken over once (epoch 1 at insert, 2 after B took it).
  expect(rows.every((r) => r.lease_owner === null && Number(r.lease_epoch) === 2)).toBe(true);
  process.stdout.write(`takeover after SIGKILL: all ${ids.length} tasks finished on B ${takeover} ms after the kill (lease ${LEASE_MS} ms)\n`);
});

it('A SIGSTOPped past its lease, then continued: B finishes, A writes nothing back, no state goes back', { timeout: 90_000 }, async () => {
  // Ana was killed above: a third member, Cleo, plays A here.
  const a = await team.start('cleo');
  const b = team.machines[1] as Machine;
  const since = Date.now();
  const { ids } = await submit(a, 2, 'asleep mid-poll');
  await Promise.all(ids.map((id) => a.waitFor((l) => l.type === 'task' && l['id'] === id && typeof l['remoteId'] === 'string', 15_000, `remote id of ${id}`)));
  await f.ledgerHasRemoteIds(ids);
  a.kill('SIGSTOP');
  await Promise.all(ids.map((id) => b.waitFor((l) => finished(l, id), LEASE_MS + 25_000, `${id} finished on B`)));
  const settled = await f.settledRows(ids, 'succeeded');
  a.kill('SIGCONT');
  // A wakes with timers due and a lease it believes in until its renewal is refused.
  await new Promise((r) => setTimeout(r, LEASE_MS * 1.5));
  const after = await f.settledRows(ids, 'succeeded', 0);
  expect(after).toEqual(settled);
  expect(after.every((r) => r.record.status === 'succeeded' && Number(r.lease_epoch) === 2)).toBe(true);
  // A catches up with B's state instead of keeping its own.
  await Promise.all(ids.map((id) => a.waitFor((l) => finished(l, id), 10_000, `${id} finished as seen by A`)));
  expect(f.submitsSince(since)).toBe(2);
});
