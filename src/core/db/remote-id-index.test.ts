import { afterEach, describe, expect, it } from 'vitest';
import { TaskStore } from './task-store';
import { makeTempDbPath } from './test-fixtures';

/** Issue 16 (flat to 100,000): the lookups by gateway id read an index, never the whole history. */
const LOOKUPS: [string, string[]][] = [
  // TaskStore.heldBy: a callback's taskNo checked against every other task before it is adopted.
  ['SELECT id FROM tasks WHERE family = ? AND remote_id = ? LIMIT 1', ['vendor', 'remote-1']],
  // LibraryStore.taskByRemoteId: the task of the video a video extension refers to.
  ['SELECT id FROM tasks WHERE remote_id = ? ORDER BY created_at DESC LIMIT 1', ['remote-1']],
];

let close: (() => void) | null = null;
afterEach(() => {
  close?.();
  close = null;
});

describe('lookups by gateway id', () => {
  it.each(LOOKUPS)('%s uses the remote_id index', (sql, params) => {
    const t = makeTempDbPath();
    const store = TaskStore.open(t.file);
    close = () => {
      store.close();
      t.cleanup();
    };
    const plan = store.db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params)
      .map((r) => String((r as { detail?: unknown }).detail))
      .join(' | ');
    expect(plan).toContain('USING INDEX tasks_remote');
    expect(plan).not.toMatch(/SCAN tasks(?! USING)/);
  });
});
