import { afterEach, describe, expect, it } from 'vitest';
import type { SimStateStore, Simulator } from './types';
import { call, download, pick, pollUntil, startTestSim } from './test-helpers';
import { KEEP_FINISHED_MS, salvageSimState } from './persist';

/** A state store in memory that round-trips through JSON text, as the app's file store does. */
function memoryStore(): SimStateStore & { text: string | null; writes: number } {
  const store = {
    text: null as string | null,
    writes: 0,
    read<T>(salvage: (raw: unknown) => { value: T; dropped: string[] } | null, fallback: T): T {
      if (store.text === null) return fallback;
      return salvage(JSON.parse(store.text))?.value ?? fallback;
    },
    write(json: string): void {
      store.writes++;
      store.text = json;
    },
  };
  return store;
}

const sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});

async function submitImages(sim: Simulator): Promise<string> {
  const r = await call(sim, 'POST', '/v1/tasks/generations', {
    model: 'gpt-image-1.5',
    prompt: 'a lighthouse at dusk',
    size: '256x256',
    n: 2,
  });
  expect(r.status).toBe(200);
  return String(r.body.task_id);
}

describe('simulator state persistence (opt-in)', () => {
  it('without a store nothing is kept: a new simulator does not know the task', async () => {
    const first = await startTestSim();
    sims.push(first);
    const id = await submitImages(first);
    const second = await startTestSim();
    sims.push(second);
    expect(second.restoredTasks).toBe(0);
    expect((await call(second, 'GET', `/v1/tasks/generations/${id}`)).status).toBe(404);
  });

  it('with a store, the task is written before the submit is answered and a new simulator serves the same URLs and bytes', async () => {
    const store = memoryStore();
    const first = await startTestSim({ state: store, speed: 'fast' });
    sims.push(first);
    const id = await submitImages(first);
    expect(store.writes).toBe(1);
    const port = Number(new URL(first.baseUrl).port);
    const finish = first.finishTimes()[id];
    await first.close();
    sims.splice(0);

    const second = await startTestSim({ state: store, speed: 'fast', port });
    sims.push(second);
    expect(second.restoredTasks).toBe(1);
    expect(second.finishTimes()[id]).toBe(finish);
    const { last } = await pollUntil(
      () => call(second, 'GET', `/v1/tasks/generations/${id}`),
      (r) => pick(r.body, 'data.status') === 'COMPLETED',
      'data.status',
    );
    const urls = pick(last.body, 'data.data.image_urls') as string[];
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      const got = await download(url);
      expect(got.status).toBe(200);
      expect(got.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(second.describeResult(url)?.size).toBe(got.bytes.length);
    }
  });

  it('reads what it can: a damaged entry is dropped by name, tasks finished long ago are pruned', async () => {
    const store = memoryStore();
    const first = await startTestSim({ state: store });
    sims.push(first);
    const id = await submitImages(first);
    await first.close();
    sims.splice(0);
    const saved = JSON.parse(store.text ?? '{}') as { tasks: Record<string, unknown>[] };
    const good = saved.tasks[0] ?? {};
    const old = {
      ...good,
      id: 'task_old',
      timeline: {
        createdAt: Date.now() - KEEP_FINISHED_MS - 60_000,
        unknownMs: 0,
        queuedMs: 1,
        runningMs: 1,
      },
    };
    const damaged = { ...good, id: 'task_damaged', timeline: 'soon' };
    store.text = JSON.stringify({ ...saved, tasks: [good, old, damaged] });
    expect(salvageSimState(JSON.parse(store.text))?.dropped).toEqual(['task task_damaged']);
    expect(salvageSimState({ version: 99, tasks: [] })).toBeNull();

    const second = await startTestSim({ state: store });
    sims.push(second);
    expect(second.restoredTasks).toBe(1);
    expect((await call(second, 'GET', `/v1/tasks/generations/${id}`)).status).toBe(200);
    expect((await call(second, 'GET', '/v1/tasks/generations/task_old')).status).toBe(404);
    // The next write leaves the pruned task out.
    await submitImages(second);
    expect(store.text).not.toContain('task_old');
  });
});
