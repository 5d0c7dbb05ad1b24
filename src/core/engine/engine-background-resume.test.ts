import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { DEMO_PROFILE_ID } from '../../shared/domain/profile';
import { getOperation } from '../../shared/operations/catalog';
import { TaskStore } from '../db/task-store';
import { startTestCore } from '../test-support/core-harness';
import { LOG } from './lifecycle/texts';
import { newTaskRecord, withEvent } from './record-factory';
import { RESUME_PAGE } from './resume';

/**
 * Issue 31: the core answers as soon as its database is open, and the tasks at the gateway resume after, a
 * page per turn of the event loop. This start must still lose none and send none twice.
 *
 * The tasks are sent by a first core, which stops while the gateway runs them. Their rows are then put in
 * the state that makes a restart act on each (a gateway id and no poll planned: a task adopted after a
 * restart, or a team replica, looks so): only the resume plans their polls. The family has no callbacks, so
 * nothing else would look at them. One more task, newer than them all, waits in the queue: the queue sends
 * it while the resume is still on its first page, and the resume, reaching its row on the second page while
 * it is being sent, must not take it for a submission the stop interrupted.
 */
const COUNT = RESUME_PAGE + 44; // two pages of the resume
const SUBMIT = /^\/v1\/videos$/;
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bg-resume-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const noPollPlanned = (): number => {
  const db = new Database(join(dataDir, 'atelier.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT count(*) AS n FROM tasks WHERE remote_id IS NOT NULL AND next_poll_at IS NULL AND active = 1').get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
};

it(`a start over ${COUNT} tasks at the gateway answers before they are resumed; each is then polled and finishes, none sent twice`, { timeout: 120_000 }, async () => {
  // Videos run 2 s queued + 8 s running here: still at the gateway when the first core stops.
  const sim = await startSimulator({ port: 0, apiKey: 'bg-resume', speed: 0.5 });
  try {
    const first = await startTestCore(sim, { dataDir });
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i += 30) {
      const chunk = Array.from({ length: Math.min(30, COUNT - i) }, (_, k) =>
        first.core.handlers.submitTask({
          operationId: 'videos.create',
          values: { model: 'sora-2', prompt: `a slow tide ${i + k}`, seconds: '4', size: '1280x720' },
          extra: {},
        }),
      );
      for (const task of await Promise.all(chunk)) ids.push(task.id);
    }
    await expect.poll(() => ids.filter((id) => first.core.store.get(id)?.remoteId).length, { timeout: 20_000 }).toBe(COUNT);
    await first.close({ keepDir: true });
    expect(sim.log.filter((e) => e.method === 'POST' && SUBMIT.test(e.path))).toHaveLength(COUNT);

    const db = new Database(join(dataDir, 'atelier.db'));
    const changed = db.prepare("UPDATE tasks SET next_poll_at = NULL WHERE remote_id IS NOT NULL AND status IN ('queued', 'running')").run();
    db.close();
    expect(changed.changes).toBe(COUNT);
    const store = TaskStore.open(join(dataDir, 'atelier.db'));
    const waiting = newTaskRecord({
      id: 'waits-its-turn',
      op: getOperation('videos.create'),
      values: { model: 'sora-2', prompt: 'a late wave [bg-waiting]', seconds: '4', size: '1280x720' },
      extra: {},
      profileId: DEMO_PROFILE_ID,
      demo: true,
      now: Date.now(),
      baseUrl: sim.baseUrl,
      vendor: 'vendora',
      submitPath: '/v1/videos',
      callbackToken: null,
      expectedMs: null,
    });
    waiting.status = 'waiting';
    waiting.internal.queue = { rank: 1, notBefore: null, refusals: 0, reason: null };
    waiting.events = withEvent(waiting, LOG.waiting, Date.now());
    store.insert(waiting);
    store.close();
    sim.clearLog();

    const second = await startTestCore(sim, { dataDir, settle: false });
    try {
      // start() answered before the resume read a single page: every task still waits for its poll plan.
      expect(noPollPlanned()).toBe(COUNT);
      // The bridge answers meanwhile.
      const page = await second.core.handlers.listTasks({ filter: { sort: 'oldest' }, cursor: null, limit: 10 });
      expect(page.total).toBe(COUNT + 1);
      // The queue, asked while it still reads its rows, answers once it has them all: never a partial view.
      const queue = await second.core.handlers.getQueue({});
      const inQueue = queue.profiles.reduce((n, p) => n + p.running.length + p.waiting.length, 0);
      expect(inQueue).toBe(COUNT + 1);
      await second.core.settled();
      expect(noPollPlanned()).toBe(0);

      const finals = await Promise.all(ids.map((id) => second.settled(id, 60_000)));
      expect(finals.map((f) => f.status)).toEqual(Array(COUNT).fill('succeeded'));
      for (const f of finals) for (const r of f.results) expect(r.state).toBe('done');
      // Each was asked about after the restart (its poll came from the resume), and none was sent again.
      const queried = new Set(sim.log.filter((e) => e.method === 'GET' && e.family === 'videos').map((e) => e.path.split('/')[3]));
      for (const f of finals) expect(queried.has(f.remoteId ?? '')).toBe(true);
      // The waiting task went out once, as the queue sent it; the resume left it alone.
      const sent = await second.settled('waits-its-turn', 60_000);
      expect(sent.status).toBe('succeeded');
      const told = second.core.store.get('waits-its-turn')?.events.map((e) => e.message) ?? [];
      expect(told).toContain(LOG.dequeued);
      expect(told.filter((m) => m === LOG.notSent || m === LOG.interrupted)).toEqual([]);
      expect(sim.log.filter((e) => e.method === 'POST' && SUBMIT.test(e.path))).toHaveLength(1);
    } finally {
      await second.close({ keepDir: true });
    }
  } finally {
    await sim.close();
  }
});
