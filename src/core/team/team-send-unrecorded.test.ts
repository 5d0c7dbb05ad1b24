import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { startFreezingProxy, type FreezingProxy } from './test-support/freezing-proxy';
import { submit, teamFixture } from './test-support/team-fixture';
import { finished, type Machine } from './test-support/team-machines';

/**
 * Team mode when the ledger cannot record that a task is being sent: PostgreSQL freezes (a stopped server
 * process: connections stay open, nothing answers) or goes away, right on the write that records the send.
 * The task is not sent (a machine taking it over would find it not sent, and send it too): it waits again
 * within one statement's bound, saying why, and once the database answers it goes out once. The machine
 * reaches PostgreSQL through a proxy that freezes or breaks on that write; the test reads the ledger directly.
 */
const QUERY_TIMEOUT_MS = 1_000;
const RECORDS_SEND = '"sendPhase":"wire"';
const f = teamFixture({ leaseMs: 4_000, gateway: (apiKey) => startSimulator({ port: 0, apiKey, speed: 0.15 }) });
let proxy: FreezingProxy;
beforeAll(async () => {
  proxy = await startFreezingProxy(f.env.pg.url);
});
afterAll(async () => {
  proxy.thaw();
  proxy.mend();
  await proxy.close();
});

async function machine(name: string): Promise<Machine> {
  const { machines } = await f.team([name], { pgUrl: proxy.url, ledgerQueryTimeoutMs: QUERY_TIMEOUT_MS });
  const [m] = machines;
  if (!m) throw new Error('no machine');
  return m;
}

/** The task's line once it waits again because the ledger did not record its send. */
const waitingForLedger = (m: Machine, id: string) =>
  m.waitFor((l) => l.type === 'task' && l['id'] === id && l['status'] === 'waiting' && /team database/.test(String(l['rawStatus'])), 8_000, 'the task waiting again');

async function ledgerSendPhase(id: string): Promise<string | undefined> {
  const r = await f.ledger((c) => c.query<{ phase: string }>(`SELECT record->'internal'->>'sendPhase' AS phase FROM tasks WHERE id = $1`, [id]));
  return r.rows[0]?.phase;
}

/**
 * Once the database answers again: the task is sent once and finishes; the ledger closes it. The machine stops
 * then (the tests' teams share one database: it would hear of the next test's task and could take it over).
 */
async function goesOutOnce(m: Machine, id: string, since: number): Promise<void> {
  await m.waitFor((l) => finished(l, id), 30_000, 'the task finished');
  expect(f.submitsSince(since)).toBe(1);
  expect((await f.settledRows([id], 'succeeded')).map((r) => r.status)).toEqual(['succeeded']);
  await m.stop();
}

it('a frozen database: the wait ends within the bound, nothing is sent, and it goes out once when the database answers', { timeout: 60_000 }, async () => {
  const m = await machine('dana');
  const since = Date.now();
  const frozen = proxy.freezeOn(RECORDS_SEND);
  const submitted = submit(m, 1, 'through a frozen ledger');
  await frozen;
  const frozenAt = Date.now();
  const [id] = (await submitted).ids;
  if (!id) throw new Error('the task was refused');
  const waiting = await waitingForLedger(m, id);
  expect(Number(waiting['at']) - frozenAt).toBeLessThan(QUERY_TIMEOUT_MS + 1_500);
  // Still frozen a while later: the gateway has seen no submission, and the ledger still says "not sent".
  await new Promise((r) => setTimeout(r, 1_500));
  expect(f.submitsSince(since)).toBe(0);
  expect(await ledgerSendPhase(id)).toBe('local');
  proxy.thaw();
  await goesOutOnce(m, id, since);
});

it('a database gone on the write that records the send: nothing is sent until it is back, then once', { timeout: 60_000 }, async () => {
  const m = await machine('eli');
  const since = Date.now();
  const broken = proxy.breakOn(RECORDS_SEND);
  const submitted = submit(m, 1, 'through a ledger gone away');
  await broken;
  const [id] = (await submitted).ids;
  if (!id) throw new Error('the task was refused');
  await waitingForLedger(m, id);
  await new Promise((r) => setTimeout(r, 1_500));
  expect(f.submitsSince(since)).toBe(0);
  expect(await ledgerSendPhase(id)).toBe('local');
  proxy.mend();
  await goesOutOnce(m, id, since);
});
