import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations/index';
import { openDatabase } from './open-database';
import { TaskStore } from './task-store';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
const temp = () => {
  const t = makeTempDbPath();
  cleanups.push(t.cleanup);
  return t.file;
};
const prompts = (store: TaskStore, text: string): string[] =>
  store.list({ sort: 'oldest', search: text }, null, 50).items.map((r) => r.prompt);

describe('short terms that mix Chinese with Latin letters or digits', () => {
  it('"月a" finds 月 followed by a word starting with a, inside one run only', () => {
    const store = TaskStore.open(temp());
    cleanups.unshift(() => store.close());
    for (const prompt of [
      '满月aurora over the sea',
      '月 aurora (a space between)',
      '月光',
      'a月 reversed',
      '第2号 月1',
    ])
      store.insert(makeTaskRecord({ prompt }));
    expect(prompts(store, '月a')).toEqual(['满月aurora over the sea']);
    expect(prompts(store, 'a月')).toEqual(['a月 reversed']);
    expect(prompts(store, '月1')).toEqual(['第2号 月1']);
    expect(prompts(store, '2号')).toEqual(['第2号 月1']);
    // The run separator is never a match: 号 and 月 are in different runs.
    expect(prompts(store, '号月')).toEqual([]);
    expect(prompts(store, 'zz')).toEqual([]);
    expect(store.countsByStatus({ search: '月a' }).succeeded).toBe(1);
  });

  it('an existing history is indexed again by the migration', () => {
    const file = temp();
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 5) });
    const store = new TaskStore(old);
    store.insert(makeTaskRecord({ prompt: '满月aurora' }));
    // What the previous build wrote for that prompt: Chinese characters only.
    old.exec(
      "DELETE FROM tasks_fts_chars; INSERT INTO tasks_fts_chars (rowid, chars) SELECT seq, '满 月' FROM tasks",
    );
    expect(prompts(store, '月a')).toEqual([]);
    store.close();
    const upgraded = TaskStore.open(file);
    expect(prompts(upgraded, '月a')).toEqual(['满月aurora']);
    expect(prompts(upgraded, '满月')).toEqual(['满月aurora']);
    upgraded.close();
  });
});

describe('a dense search (more than 2,000 matches) pages through the date index', () => {
  it('every match exactly once, in order, both ways', () => {
    const store = TaskStore.open(temp());
    cleanups.unshift(() => store.close());
    store.transaction(() => {
      for (let i = 0; i < 3_200; i++)
        store.insert(
          makeTaskRecord({
            id: `t${i}`,
            prompt: i % 3 === 0 ? `other ${i}` : `lantern ${i}`,
            createdAt: (i * 7919) % 5000,
          }),
        );
    });
    const MATCHES = 3_200 - Math.ceil(3_200 / 3); // above the dense threshold (2,000)
    for (const sort of ['newest', 'oldest'] as const) {
      const seen: { id: string; createdAt: number }[] = [];
      let cursor: string | null = null;
      do {
        const page = store.list({ sort, search: 'lan' }, cursor, 250);
        expect(page.total).toBe(MATCHES);
        seen.push(...page.items.map((t) => ({ id: t.id, createdAt: t.createdAt })));
        cursor = page.nextCursor;
      } while (cursor !== null && seen.length <= MATCHES);
      expect(seen).toHaveLength(MATCHES);
      expect(new Set(seen.map((s) => s.id)).size).toBe(MATCHES);
      const sorted = [...seen].sort(
        (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      expect(seen).toEqual(sort === 'oldest' ? sorted : sorted.reverse());
    }
  });
});
