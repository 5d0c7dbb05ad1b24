import { afterEach, describe, expect, it } from 'vitest';
import { taskStatusSchema, type TaskStatus } from '../../shared/domain/task';
import { MIGRATIONS } from './migrations/index';
import { openDatabase } from './open-database';
import { fakeTaskRecord, mulberry32 } from './seed';
import { TaskStore } from './task-store';
import { makeTempDbPath } from './test-fixtures';

/** Issue 16 (first paint): the gallery's unfiltered counts come from a trigger-kept table, never a scan. */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function tempStore(): TaskStore {
  const t = makeTempDbPath();
  const store = TaskStore.open(t.file);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return store;
}

/** What counting the rows themselves gives (the reference the table must always equal). */
function scanned(store: TaskStore, rejected: 'hide' | 'only' | undefined): Record<TaskStatus, number> {
  const where = rejected === 'hide' ? 'WHERE rejected = 0' : rejected === 'only' ? 'WHERE rejected = 1' : '';
  const out = Object.fromEntries(taskStatusSchema.options.map((s) => [s, 0])) as Record<TaskStatus, number>;
  for (const row of store.db
    .prepare(`SELECT status, count(*) FROM tasks ${where} GROUP BY status`)
    .raw()
    .all())
    if (Array.isArray(row)) out[row[0] as TaskStatus] = row[1] as number;
  return out;
}

const expectAgrees = (store: TaskStore): void => {
  for (const rejected of ['hide', 'only', undefined] as const)
    expect(store.countsByStatus(rejected ? { rejected } : {}), `rejected: ${rejected}`).toEqual(
      scanned(store, rejected),
    );
};

describe('task_status_counts', () => {
  it('stays equal to counting the rows through inserts, status changes, rejects, restores and deletes', () => {
    const store = tempStore();
    const rng = mulberry32(5);
    const ids: string[] = [];
    store.transaction(() => {
      for (let i = 0; i < 300; i++) {
        const r = fakeTaskRecord(rng, i);
        store.insert({ ...r, results: r.results.map((x) => ({ ...x, thumbnail: null })) });
        ids.push(r.id);
      }
    });
    expectAgrees(store);
    const statuses = taskStatusSchema.options;
    for (let i = 0; i < 400; i++) {
      const id = ids[Math.floor(rng() * ids.length)]!;
      const roll = rng();
      if (roll < 0.5) store.update(id, { status: statuses[Math.floor(rng() * statuses.length)]! });
      else if (roll < 0.75) store.update(id, { rejected: rng() < 0.5 });
      else if (roll < 0.85) store.update(id, { favourite: true, prompt: 'no count changes' });
      else if (store.get(id)) store.delete(id);
    }
    expectAgrees(store);
  });

  it('is what the gallery’s unfiltered counts read (a table edited by hand shows through)', () => {
    const store = tempStore();
    const rng = mulberry32(9);
    for (let i = 0; i < 20; i++) store.insert({ ...fakeTaskRecord(rng, i), status: 'failed', results: [] });
    store.db.exec("UPDATE task_status_counts SET n = 12345 WHERE status = 'failed' AND rejected = 0");
    expect(store.countsByStatus({ rejected: 'hide' }).failed).toBe(12345);
    expect(store.listWithCounts({ sort: 'newest', rejected: 'hide' }, null, 5).total).toBe(12345);
    // A filter the table cannot answer still counts the rows.
    expect(store.countsByStatus({ rejected: 'hide', operationId: 'gateway.text2image' }).failed).toBeLessThan(
      21,
    );
  });

  it('is filled from the tasks of a database made before the table existed (schema 5)', () => {
    const t = makeTempDbPath();
    cleanups.push(t.cleanup);
    const v5 = openDatabase(t.file, { migrations: MIGRATIONS.slice(0, 5) });
    v5.exec(
      "INSERT INTO tasks (id, operation_id, family, model, profile_id, status, prompt, created_at, updated_at, rejected) VALUES ('a', 'gateway.text2image', 'gateway', 'm', 'p', 'succeeded', 'x', 1, 1, 0), ('b', 'gateway.text2image', 'gateway', 'm', 'p', 'succeeded', 'y', 2, 2, 1), ('c', 'gateway.text2image', 'gateway', 'm', 'p', 'failed', 'z', 3, 3, 0)",
    );
    v5.close();
    const store = TaskStore.open(t.file);
    cleanups.unshift(() => store.close());
    expect(store.countsByStatus({ rejected: 'hide' })).toMatchObject({ succeeded: 1, failed: 1 });
    expect(store.countsByStatus({})).toMatchObject({ succeeded: 2, failed: 1 });
    expectAgrees(store);
  });
});
