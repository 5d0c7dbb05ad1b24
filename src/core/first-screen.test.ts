import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../shared/bridge/dispatch';
import type { FirstScreen, TaskPage } from '../shared/bridge/contract';
import { fakeTaskRecord, mulberry32 } from './db/seed';
import { TaskStore } from './db/task-store';
import { startTestCore, type TestCore } from './test-support/core-harness';

/** Issue 16 (first paint): the first screen is one bridge call, and it says what the separate calls say. */
let running: TestCore | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function seededCore(count: number): Promise<TestCore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-first-screen-'));
  const store = TaskStore.open(join(dataDir, 'atelier.db'));
  const rng = mulberry32(3);
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const r = fakeTaskRecord(rng, i);
      // Inert: nothing for the engine to resume (these point at no gateway).
      const status = r.status === 'succeeded' || r.status === 'failed' ? r.status : 'cancelled';
      store.insert({
        ...r,
        status,
        rejected: i % 10 === 0,
        results: [],
        internal: { ...r.internal, nextPollAt: null },
      });
    }
  });
  store.close();
  running = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { dataDir });
  return running;
}

async function call<T>(core: TestCore, method: string, input: unknown): Promise<T> {
  const reply = await dispatch(core.core.handlers, method, input);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value as T;
}

describe('getFirstScreen', () => {
  it('answers the gallery page, its counts, the library counts, rejects, preferences, connection and lists in one reply', async () => {
    const core = await seededCore(400);
    const filter = { sort: 'newest', rejected: 'hide' } as const;
    const first = await call<FirstScreen>(core, 'getFirstScreen', { filter, limit: 150 });
    const page = await call<TaskPage>(core, 'listTasks', { filter, cursor: null, limit: 150 });
    expect(first.page).toEqual(page);
    expect(first.page.items).toHaveLength(150);
    expect(first.page.total).toBe(360);
    expect(first.everything).toEqual(
      (await call<TaskPage>(core, 'listTasks', { filter: { sort: 'newest' }, limit: 1 })).counts,
    );
    expect(first.rejected.total).toBe(40);
    expect(first.rejected.items.every((t) => t.id.length > 0)).toBe(true);
    expect(first.preferences).toEqual(await call(core, 'getPreferences', {}));
    expect(first.connection).toEqual(await call(core, 'getConnection', {}));
    expect(first.profiles).toEqual(await call(core, 'listProfiles', {}));
    expect(first.boards).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(first.batches).toEqual([]);
    expect(first.notices).toEqual([]);
  });

  it('refuses a malformed filter at the boundary', async () => {
    const core = await seededCore(1);
    const reply = await dispatch(core.core.handlers, 'getFirstScreen', { filter: { sort: 'sideways' } });
    expect(reply.ok).toBe(false);
  });
});
