import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import type { TaskSummary } from '../../shared/domain/task';
import { startTestCore, type TestCore } from '../test-support/core-harness';

/**
 * Issue 30 against the simulator over HTTP with a key limited to 2 tasks at once, real SQLite: the queue
 * holds tasks for a slot, learns the limit from a refusal, pauses, honours the order the user arranged and
 * sends nothing it cancelled.
 */
const image = (prompt: string) => ({ model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 });
const GATEWAY_SUBMIT = '/open/aigw/gateway/generations';
/** Submissions the simulator accepted (not refused by its parallel limit), in the order it received them. */
const accepted = (sim: Simulator, path = GATEWAY_SUBMIT) =>
  sim.log.filter((e) => e.method === 'POST' && e.path === path && e.status === 200 && !e.refusal).map((e) => (e.json as { prompt: string }).prompt);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sim: Simulator | null = null;
let core: TestCore | null = null;
afterEach(async () => {
  await core?.close();
  await sim?.close();
  core = null;
  sim = null;
});

/** The simulator with a key limited to `parallel` tasks at once, a core on it, and (when given) the queue's limit set. */
async function limitedGateway(parallel: number, queueLimit?: number): Promise<{ t: TestCore; profileId: string; gateway: Simulator }> {
  const gateway = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'fast', parallelLimit: parallel });
  sim = gateway;
  core = await startTestCore(gateway);
  const profileId = (await core.core.handlers.getConnection({})).profileId;
  if (queueLimit !== undefined) await core.core.handlers.setQueueLimit({ profileId, limit: queueLimit });
  return { t: core, profileId, gateway };
}

async function submitAll(t: TestCore, prompts: string[]): Promise<TaskSummary[]> {
  const out: TaskSummary[] = [];
  for (const p of prompts) out.push(await t.core.handlers.submitTask({ operationId: 'gateway.text2image', values: image(p), extra: {} }));
  return out;
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('the queue against a gateway limited to 2 tasks at once', () => {
  it('×8 batch with the limit set: never more than 2 in flight at the simulator, no refusal, 8 succeed', { timeout: 60_000 }, async () => {
    const { t, profileId, gateway } = await limitedGateway(2, 2);
    const { batchId } = await t.core.handlers.submitBatch({ operationId: 'gateway.text2image', values: image('eight lanterns'), extra: {}, count: 8, models: null });
    const snapshot = await t.core.handlers.getQueue({});
    const line = snapshot.profiles.find((p) => p.profileId === profileId);
    expect(line?.running.length).toBeLessThanOrEqual(2);
    const ids = Array.from({ length: 8 }, (_, i) => `${batchId}_${i}`);
    await until(() => ids.every((id) => t.core.store.get(id)), 'the members');
    const finals = await Promise.all(ids.map((id) => t.settled(id, 30_000)));
    expect(finals.map((f) => f.status)).toEqual(Array(8).fill('succeeded'));
    expect(gateway.parallelFigures()).toMatchObject({ peak: 2, refused: 0 });
    expect(accepted(gateway)).toHaveLength(8);
  });

  it('a Generate with a free slot starts as submitting, never waiting; one past the limit waits, then is sent once', { timeout: 60_000 }, async () => {
    const { t, gateway } = await limitedGateway(2, 2);
    const tasks = await submitAll(t, ['first slot', 'second slot', 'third waits']);
    const finals = await Promise.all(tasks.map((task) => t.settled(task.id, 30_000)));
    expect(finals.map((f) => f.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const statuses = (id: string) =>
      t.events.filter((e) => e.event === 'taskChanged' && (e.payload as TaskSummary).id === id).map((e) => (e.payload as TaskSummary).status);
    // The first two went out at once: their rows never said `waiting` (one write and one preparation less each).
    for (const task of tasks.slice(0, 2)) {
      expect(statuses(task.id)[0]).toBe('submitting');
      expect(statuses(task.id)).not.toContain('waiting');
    }
    // The third found both slots taken: it waited in line, and the gate sent it when one was free.
    expect(statuses(tasks[2]!.id)[0]).toBe('waiting');
    expect(statuses(tasks[2]!.id)).toContain('submitting');
    expect(accepted(gateway)).toEqual(['first slot', 'second slot', 'third waits']);
    expect(gateway.parallelFigures()).toMatchObject({ peak: 2, refused: 0 });
  });

  it('unlimited at first: a 1303 refusal teaches a limit of 2, told once; 0 tasks fail, each is accepted once', { timeout: 60_000 }, async () => {
    sim = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'fast', parallelLimit: 2 });
    core = await startTestCore(sim);
    const t = core;
    const prompts = Array.from({ length: 8 }, (_, i) => `learn ${i}`);
    const tasks = await submitAll(t, prompts);
    const finals = await Promise.all(tasks.map((task) => t.settled(task.id, 40_000)));
    expect(finals.filter((f) => f.status === 'failed')).toEqual([]);
    expect(finals.map((f) => f.status)).toEqual(Array(8).fill('succeeded'));
    expect(sim.parallelFigures().refused).toBeGreaterThan(0);
    expect(sim.parallelFigures().peak).toBeLessThanOrEqual(2);
    // Every task reached the gateway as a task exactly once (refused requests created nothing).
    expect(accepted(sim).sort()).toEqual([...prompts].sort());
    const queue = await t.core.handlers.getQueue({});
    expect(queue.profiles[0]).toMatchObject({ limit: 2, limitSource: 'learned' });
    const told = (await t.core.handlers.listNotices({})).filter((n) => n.kind === 'queue-limit-learned');
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ limit: '2' });
    // A refused task waited again instead of failing, and its log says why.
    const refusedIds = finals.filter((f) => t.core.store.get(f.id)?.events.some((e) => e.message.includes('not now')));
    expect(refusedIds.length).toBeGreaterThan(0);
    expect(refusedIds.every((f) => f.status === 'succeeded' && f.remoteId)).toBe(true);
  });

  it('429 parallel_limit on the unified image family is "not now" too: 0 failed, limit learned', { timeout: 60_000 }, async () => {
    sim = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'fast', parallelLimit: 1 });
    core = await startTestCore(sim);
    const t = core;
    const tasks: TaskSummary[] = [];
    for (let i = 0; i < 4; i++)
      tasks.push(await t.core.handlers.submitTask({ operationId: 'unifiedImage.generate', values: { model: 'gpt-image-1.5', prompt: `u${i}`, size: '1024x1024', n: 1, images: [] }, extra: {} }));
    const finals = await Promise.all(tasks.map((task) => t.settled(task.id, 40_000)));
    expect(finals.map((f) => f.status)).toEqual(Array(4).fill('succeeded'));
    expect(sim.log.some((e) => e.status === 429 && e.refusal === 'parallelLimit')).toBe(true);
    expect(accepted(sim, '/v1/tasks/generations').sort()).toEqual(['u0', 'u1', 'u2', 'u3']);
    expect((await t.core.handlers.getQueue({})).profiles[0]).toMatchObject({ limit: 1, limitSource: 'learned' });
  });

  it('pause holds: nothing is sent while paused (whole queue, then one profile), across a restart; resume sends', { timeout: 60_000 }, async () => {
    sim = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'fast', parallelLimit: 2 });
    core = await startTestCore(sim);
    let t = core;
    const profileId = (await t.core.handlers.getConnection({})).profileId;
    await t.core.handlers.setQueuePaused({ profileId: null, paused: true });
    const tasks = await submitAll(t, ['p0', 'p1', 'p2']);
    await sleep(600);
    expect(accepted(sim)).toEqual([]);
    expect(tasks.map((x) => t.core.store.get(x.id)?.status)).toEqual(['waiting', 'waiting', 'waiting']);
    const paused = await t.core.handlers.getQueue({});
    expect(paused.paused).toBe(true);
    expect(paused.profiles[0]?.waiting.map((w) => [w.position, w.reason])).toEqual([[1, 'paused'], [2, 'paused'], [3, 'paused']]);

    // Restart: still paused, still waiting, still nothing sent.
    const dataDir = t.dataDir;
    await t.close({ keepDir: true });
    core = t = await startTestCore(sim, { dataDir });
    await sleep(600);
    expect(accepted(sim)).toEqual([]);
    expect((await t.core.handlers.getQueue({})).paused).toBe(true);
    expect(tasks.map((x) => t.core.store.get(x.id)?.status)).toEqual(['waiting', 'waiting', 'waiting']);

    // Resume the queue but pause the profile: still nothing.
    await t.core.handlers.setQueuePaused({ profileId, paused: true });
    await t.core.handlers.setQueuePaused({ profileId: null, paused: false });
    await sleep(600);
    expect(accepted(sim)).toEqual([]);
    await t.core.handlers.setQueuePaused({ profileId, paused: false });
    const finals = await Promise.all(tasks.map((x) => t.settled(x.id, 30_000)));
    expect(finals.map((f) => f.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(accepted(sim)).toEqual(['p0', 'p1', 'p2']);
  });

  it('a reorder is honoured in the order the simulator receives (send next, send last, drop before)', { timeout: 60_000 }, async () => {
    const { t, gateway } = await limitedGateway(2, 1);
    await t.core.handlers.setQueuePaused({ profileId: null, paused: true });
    const [a, b, c, d] = await submitAll(t, ['A', 'B', 'C', 'D']);
    await t.core.handlers.moveQueued({ id: d!.id, to: { kind: 'next' } }); // D A B C
    await t.core.handlers.moveQueued({ id: a!.id, to: { kind: 'last' } }); // D B C A
    const view = await t.core.handlers.moveQueued({ id: c!.id, to: { kind: 'before', beforeId: b!.id } }); // D C B A
    expect(view.profiles[0]?.waiting.map((w) => w.prompt)).toEqual(['D', 'C', 'B', 'A']);
    await t.core.handlers.setQueuePaused({ profileId: null, paused: false });
    await Promise.all([a, b, c, d].map((x) => t.settled(x!.id, 30_000)));
    expect(accepted(gateway)).toEqual(['D', 'C', 'B', 'A']);
    expect(gateway.parallelFigures().refused).toBe(0);
  });

  it('the queue view names each task as its row does, and building it reads no row', { timeout: 60_000 }, async () => {
    // A snapshot per change read every running task's row: with a thousand running, a third of the engine's
    // CPU per task (issue 27's bench). The queue keeps what the view shows from the writer's changes.
    sim = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'real', parallelLimit: 2 });
    core = await startTestCore(sim);
    const t = core;
    const profileId = (await t.core.handlers.getConnection({})).profileId;
    await t.core.handlers.setQueueLimit({ profileId, limit: 1 });
    const [first] = await submitAll(t, ['the one running']);
    await until(() => ['queued', 'running'].includes(t.core.store.get(first!.id)?.status ?? ''), 'the first task at the gateway');
    await submitAll(t, ['second in line', 'third in line']);
    const reads = vi.spyOn(t.core.store, 'get');
    const view = (await t.core.handlers.getQueue({})).profiles.find((p) => p.profileId === profileId);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    expect(view?.running.map((r) => [r.prompt, r.model, r.operationId])).toEqual([['the one running', t.core.store.get(first!.id)?.model, 'gateway.text2image']]);
    expect(view?.running[0]?.etaMs).toEqual(expect.any(Number));
    expect(view?.waiting.map((w) => [w.prompt, w.position, w.reason])).toEqual([
      ['second in line', 1, 'slot'],
      ['third in line', 2, 'slot'],
    ]);
  });

  it('after a restart the queue view is the one before it: the running task, the line in its order, the pause', { timeout: 60_000 }, async () => {
    // A start reads only the columns the queue keeps (not whole records): what it shows must not change.
    sim = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'real', parallelLimit: 2 });
    const first = await startTestCore(sim);
    core = first;
    const profileId = (await first.core.handlers.getConnection({})).profileId;
    await first.core.handlers.setQueueLimit({ profileId, limit: 1 });
    const [running] = await submitAll(first, ['at the gateway']);
    await until(() => ['queued', 'running'].includes(first.core.store.get(running!.id)?.status ?? ''), 'the first task at the gateway');
    await first.core.handlers.setQueuePaused({ profileId, paused: true });
    const [, , c] = await submitAll(first, ['B', 'C', 'D']);
    await first.core.handlers.moveQueued({ id: c!.id, to: { kind: 'next' } });
    const shown = (s: Awaited<ReturnType<typeof first.core.handlers.getQueue>>) =>
      s.profiles.map((p) => ({
        paused: p.paused,
        limit: p.limit,
        running: p.running.map((r) => [r.id, r.prompt, r.model, r.operationId, r.batchId, r.createdAt]),
        waiting: p.waiting.map((w) => [w.id, w.prompt, w.position, w.reason, w.etaMs]),
      }));
    const before = shown(await first.core.handlers.getQueue({}));
    expect(before[0]?.waiting.map((w) => w[1])).toEqual(['D', 'B', 'C']);
    await first.close({ keepDir: true });
    core = await startTestCore(sim, { dataDir: first.dataDir });
    expect(shown(await core.core.handlers.getQueue({}))).toEqual(before);
  });

  it('cancel sends nothing: one waiting task, and all waiting members of a batch', { timeout: 60_000 }, async () => {
    sim = await startSimulator({ port: 0, apiKey: 'q-key', speed: 'fast', parallelLimit: 2 });
    core = await startTestCore(sim);
    const t = core;
    await t.core.handlers.setQueuePaused({ profileId: null, paused: true });
    const [one, two, three] = await submitAll(t, ['keep 1', 'drop me', 'keep 2']);
    const { batchId } = await t.core.handlers.submitBatch({ operationId: 'gateway.text2image', values: image('batch to drop'), extra: {}, count: 3, models: null });
    await until(() => [0, 1, 2].every((i) => t.core.store.get(`${batchId}_${i}`)?.status === 'waiting'), 'the batch members');
    expect((await t.core.handlers.cancelQueued({ id: two!.id })).cancelled).toEqual([two!.id]);
    expect((await t.core.handlers.cancelQueued({ batchId })).cancelled.sort()).toEqual([0, 1, 2].map((i) => `${batchId}_${i}`));
    await t.core.handlers.setQueuePaused({ profileId: null, paused: false });
    await Promise.all([one, three].map((x) => t.settled(x!.id, 30_000)));
    await sleep(300);
    expect(accepted(sim).sort()).toEqual(['keep 1', 'keep 2']);
    expect(sim.log.filter((e) => e.method === 'POST').length).toBe(2);
    const dropped = t.core.store.get(two!.id);
    expect(dropped).toMatchObject({ status: 'cancelled', points: null, remoteId: null });
    expect(dropped?.error).toMatch(/nothing was spent/);
    // A cancelled task is not waiting any more: it cannot be cancelled or moved again.
    expect((await t.core.handlers.cancelQueued({ id: two!.id })).cancelled).toEqual([]);
  });
});
