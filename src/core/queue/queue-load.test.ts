import { afterEach, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../db/open-database';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord, makeTempDbPath } from '../db/test-fixtures';
import { loadQueueRows, QUEUE_PAGE } from './queue-load';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function dbWith(n: number): SqliteDatabase {
  const t = makeTempDbPath();
  const db = openDatabase(t.file);
  cleanups.push(() => {
    db.close();
    t.cleanup();
  });
  const store = new TaskStore(db);
  for (let i = 0; i < n; i++) store.insert(makeTaskRecord({ status: 'waiting' }));
  return db;
}

it('pages by the stored key: a damaged created_at ending a full page does not send the next page back to the start', async () => {
  const db = dbWith(QUEUE_PAGE);
  // Text sorts after every number: this row ends the first (full) page, and reads back with created_at 0.
  db.exec(`UPDATE tasks SET created_at = 'damaged' WHERE id = (SELECT id FROM tasks ORDER BY created_at DESC LIMIT 1)`);
  const seen: string[] = [];
  let pages = 0;
  // Leaves off after a few pages: without the stored key the load would read the same rows for ever.
  const done = await loadQueueRows(db, (t) => seen.push(t.id), () => ++pages > 5);
  expect(done).toBe(true);
  expect(seen).toHaveLength(QUEUE_PAGE);
  expect(new Set(seen).size).toBe(QUEUE_PAGE);
});

it('reads every row once across several pages', async () => {
  const db = dbWith(QUEUE_PAGE * 2 + 7);
  const seen: string[] = [];
  expect(await loadQueueRows(db, (t) => seen.push(t.id), () => false)).toBe(true);
  expect(new Set(seen).size).toBe(QUEUE_PAGE * 2 + 7);
  expect(seen).toHaveLength(QUEUE_PAGE * 2 + 7);
});
