import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord } from '../db/test-fixtures';
import { silentLogger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';
import { HeldLeases } from './held-leases';
import { FolderMediaStore } from './media/folder-media-store';
import { openLedger, type TeamLedger } from './pg/open-ledger';
import { TaskMirror } from './task-mirror';
import { startTestPostgres, type TestPostgres } from './test-support/test-postgres';

/** The mirror's writes into a real PostgreSQL ledger from a real SQLite task store: which go at once, which wait. */
let server: TestPostgres;
let ledger: TeamLedger;
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-mirror-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  server = await startTestPostgres();
  ledger = await openLedger(server.url, { owner: 'mirror-m', member: 'mirror-m', leaseMs: 60_000 });
}, 60_000);
afterAll(async () => {
  await ledger?.close();
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A reserved task (status waiting, nothing sent) held by a mirror that coalesces over a whole minute unless told otherwise. */
async function reserved(wait: { coalesceMs?: number; downloadCoalesceMs?: number } = {}) {
  const store = TaskStore.open(join(tmp(), 'atelier.db'));
  const held = new HeldLeases(60_000, Date.now);
  const library = tmp();
  const mirror = new TaskMirror({ store, library: ledger.library, media: new FolderMediaStore(tmp()), held, libraryDir: () => library, log: silentLogger, onLost: () => undefined, coalesceMs: 60_000, downloadCoalesceMs: 60_000, ...wait });
  const base = makeTaskRecord();
  const task = makeTaskRecord({ id: randomUUID(), status: 'waiting', remoteId: null, points: null, results: [], internal: { ...base.internal, sendPhase: 'local' } });
  store.insert(task);
  held.hold(await ledger.library.reserveAndInsert({ task, member: 'mirror-m', points: 1, owner: 'mirror-m' }), Date.now());
  mirror.inserted(task);
  const change = (patch: (t: TaskRecord) => Partial<TaskRecord>): void => {
    const current = store.get(task.id);
    if (current) store.update(task.id, patch(current));
    mirror.schedule(task.id);
  };
  const inLedger = async (): Promise<TaskRecord | null> => ledger.library.get(task.id);
  /** Until the ledger's copy passes `check` (a write sent at once lands well within this). */
  const lands = async (check: (t: TaskRecord | null) => boolean): Promise<void> => {
    for (const until = Date.now() + 3_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) if (check(await inLedger())) return;
    throw new Error(`the ledger still says ${JSON.stringify((await inLedger())?.status)}`);
  };
  const writes = async (): Promise<number> => Number((await ledger.pool.query('SELECT count(*) AS n FROM change_log WHERE task_id = $1', [task.id])).rows[0]?.n);
  return { task, store, mirror, change, inLedger, lands, writes };
}

it('a change nothing urgent rides on waits for the next; the send phase, the gateway id and closing are written at once', async () => {
  const t = await reserved();
  t.change(() => ({ status: 'submitting' })); // handed to a sender: still not sent
  await new Promise((r) => setTimeout(r, 300));
  expect((await t.inLedger())?.status).toBe('waiting');

  t.change((c) => ({ internal: { ...c.internal, sendPhase: 'wire' } })); // the request goes out
  await t.lands((r) => r?.status === 'submitting' && r.internal.sendPhase === 'wire');

  t.change((c) => ({ status: 'queued', remoteId: 'gw-1', internal: { ...c.internal, sendPhase: 'answered' } }));
  await t.lands((r) => r?.remoteId === 'gw-1' && r.status === 'queued');

  t.change(() => ({ status: 'downloading' }));
  await new Promise((r) => setTimeout(r, 300));
  expect((await t.inLedger())?.status).toBe('queued');

  t.change(() => ({ status: 'failed', error: 'the download failed' }));
  await t.lands((r) => r?.status === 'failed');
  // The insert, the request going out, the gateway's id, the close: the two other changes rode along.
  expect(await t.writes()).toBe(4);
  expect(t.mirror.pending).toBe(0);
  // Closed: nothing of it is kept (a machine running for months does not hold every task it ever wrote).
  expect(t.mirror.remembered).toBe(0);
});

it('a write still waiting is sent when the mirror is told to finish (stopping)', async () => {
  const t = await reserved();
  t.change(() => ({ status: 'submitting', progress: 5 }));
  expect(t.mirror.pending).toBe(1);
  await t.mirror.idle();
  expect(await t.inLedger()).toMatchObject({ status: 'submitting', progress: 5 });
  expect(t.mirror.remembered).toBe(1); // still open: its last write is what the next is weighed against
});

it('landed: once it resolves, the ledger has the newest state (the engine sends only then)', async () => {
  const t = await reserved();
  t.change(() => ({ status: 'submitting' })); // waiting to be coalesced
  t.change((c) => ({ internal: { ...c.internal, sendPhase: 'wire' } }));
  expect(await t.mirror.landed(t.task.id, 5_000)).toBe(true);
  expect(await t.inLedger()).toMatchObject({ status: 'submitting', internal: { sendPhase: 'wire' } });
  t.change(() => ({ progress: 40 })); // not urgent: waits a minute unless someone waits for it
  expect(await t.mirror.landed(t.task.id, 5_000)).toBe(true);
  expect((await t.inLedger())?.progress).toBe(40);
});

it('a download that ends within its wait is never written on its own: the closing write carries it; a longer one is written once the wait is over', async () => {
  const t = await reserved({ coalesceMs: 50, downloadCoalesceMs: 700 });
  t.change((c) => ({ status: 'queued', remoteId: 'gw-2', internal: { ...c.internal, sendPhase: 'answered' } }));
  await t.lands((r) => r?.status === 'queued');
  t.change(() => ({ status: 'running', progress: 50 })); // a poll's news: written after the short wait
  await t.lands((r) => r?.status === 'running');
  t.change(() => ({ status: 'downloading', progress: 100 }));
  await new Promise((r) => setTimeout(r, 300));
  expect((await t.inLedger())?.status).toBe('running');
  t.change(() => ({ status: 'succeeded', finishedAt: Date.now() })); // closing: at once
  await t.lands((r) => r?.status === 'succeeded');
  // The insert, the gateway's id, running, succeeded: no write said downloading.
  expect(await t.writes()).toBe(4);
  expect(t.mirror.pending).toBe(0);

  const slow = await reserved({ coalesceMs: 50, downloadCoalesceMs: 300 });
  slow.change((c) => ({ status: 'downloading', remoteId: 'gw-3', internal: { ...c.internal, sendPhase: 'answered' } }));
  await slow.lands((r) => r?.status === 'downloading');
  slow.change(() => ({ progress: 60 })); // still downloading: waits its turn
  await new Promise((r) => setTimeout(r, 100));
  expect((await slow.inLedger())?.progress).not.toBe(60);
  await slow.lands((r) => r?.progress === 60);
  const asked = Date.now();
  slow.change(() => ({ progress: 70 })); // waits up to 300 ms…
  slow.change(() => ({ status: 'running' })); // …but a change with a shorter wait brings it forward
  await slow.lands((r) => r?.status === 'running' && r.progress === 70);
  expect(Date.now() - asked).toBeLessThan(250);
});
