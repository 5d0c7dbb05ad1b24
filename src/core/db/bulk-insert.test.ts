import { afterEach, describe, expect, it } from 'vitest';
import type { TaskFilter } from '../../shared/domain/task';
import { fakeTaskRecord, mulberry32, seedManyTasks } from './seed';
import { TaskStore } from './task-store';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function newStore(): TaskStore {
  const t = makeTempDbPath();
  const store = TaskStore.open(t.file);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return store;
}

const NOW = 1_760_000_000_000;
const TERMS = ['l', 'li', 'lighthouse', 'fox golden', 'neon', '月', '月光', '雪山脚下', '猫a', 'zzzz'];
const ids = (store: TaskStore, f: TaskFilter) => {
  const page = store.list(f, null, 1000);
  return { ids: page.items.map((r) => r.id), total: page.total };
};

describe('insertMany (seeding in bulk)', () => {
  it('leaves the same rows, search answers and status counts as inserting one by one', () => {
    const records = Array.from({ length: 400 }, (_, i) => fakeTaskRecord(mulberry32(7 + i), i, { now: NOW }));
    const one = newStore();
    one.transaction(() => records.forEach((r) => one.insert(r)));
    const bulk = newStore();
    expect(bulk.insertMany(records)).toBe(400);
    for (const search of TERMS) {
      const f: TaskFilter = { sort: 'newest', search };
      expect(ids(bulk, f), search).toEqual(ids(one, f));
    }
    expect(bulk.countsByStatus()).toEqual(one.countsByStatus());
    expect(bulk.countsByStatus({ search: 'fox' })).toEqual(one.countsByStatus({ search: 'fox' }));
    expect(bulk.get(records[0]!.id)).toEqual(one.get(records[0]!.id));
  });

  it('restores the index trigger: a task inserted afterwards is found by search', () => {
    const store = newStore();
    store.insertMany([makeTaskRecord({ id: 'a', prompt: 'an old lighthouse' })]);
    store.insert(makeTaskRecord({ id: 'b', prompt: 'a teapot of glass' }));
    expect(ids(store, { sort: 'newest', search: 'teapot' }).ids).toEqual(['b']);
    expect(ids(store, { sort: 'newest', search: 'lighthouse' }).ids).toEqual(['a']);
  });

  it('adds nothing when one id exists already, and the trigger is still in place', () => {
    const store = newStore();
    store.insert(makeTaskRecord({ id: 'dup', prompt: 'first' }));
    const batch = [makeTaskRecord({ id: 'x', prompt: 'lighthouse' }), makeTaskRecord({ id: 'dup', prompt: 'again' })];
    expect(() => store.insertMany(batch)).toThrow();
    expect(store.get('x')).toBeNull();
    store.insert(makeTaskRecord({ id: 'y', prompt: 'lighthouse keeper' }));
    expect(ids(store, { sort: 'newest', search: 'lighthouse' }).ids).toEqual(['y']);
  });

  it('seedManyTasks: creation follows insertion, over the 180 days before now', () => {
    const store = newStore();
    expect(seedManyTasks(store, 300, mulberry32(3), { now: NOW })).toBe(300);
    const oldest = store.list({ sort: 'oldest' }, null, 300).items;
    expect(oldest).toHaveLength(300);
    expect(oldest[0]!.createdAt).toBeGreaterThanOrEqual(NOW - 180 * 86_400_000);
    expect(oldest.at(-1)!.createdAt).toBeLessThanOrEqual(NOW);
    // t<index in base 36>…: the oldest rows are the first made.
    expect(oldest.slice(0, 3).map((r) => r.id.slice(0, 6))).toEqual(['t00000', 't00001', 't00002']);
  });
});
