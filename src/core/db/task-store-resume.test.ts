import { afterEach, describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../shared/domain/task';
import type { TaskRecord } from '../tasks/task-record';
import { MIGRATIONS } from './migrations/index';
import { openDatabase } from './open-database';
import { TaskStore } from './task-store';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

/** Issue 16: a start reads only the tasks with work due; short CJK terms use the per-character index. */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function tempStore(): { store: TaskStore; file: string } {
  const t = makeTempDbPath();
  const store = TaskStore.open(t.file);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return { store, file: t.file };
}

const pending = [{ ...makeTaskRecord().results[0]!, state: 'pending' as const, file: null, sha256: null }];

describe('TaskStore.resumeWork', () => {
  it('lists submissions, downloads and unplanned polls, and nothing that waits (stalled, planned, finished)', () => {
    const { store } = tempStore();
    const rec = (
      status: TaskStatus,
      extra: Partial<TaskRecord> = {},
    ) => {
      const r = makeTaskRecord({ status, ...extra });
      store.insert(r);
      return r.id;
    };
    const submitting = rec('submitting', { remoteId: null });
    const downloading = rec('downloading');
    const succeededPending = rec('succeeded', { results: pending });
    const unplanned = rec('running', { internal: { ...makeTaskRecord().internal, nextPollAt: null } });
    const unknownRemote = rec('unknown', { internal: { ...makeTaskRecord().internal, nextPollAt: null } });
    rec('running', { internal: { ...makeTaskRecord().internal, nextPollAt: 5 } });
    rec('stalled', { internal: { ...makeTaskRecord().internal, nextPollAt: null } });
    rec('unknown', { remoteId: null, internal: { ...makeTaskRecord().internal, nextPollAt: null } });
    rec('succeeded');
    rec('failed');
    const work = store.resumeWork();
    expect(work.map((w) => w.id).sort()).toEqual(
      [submitting, downloading, succeededPending, unplanned, unknownRemote].sort(),
    );
    expect(
      work
        .filter((w) => w.needsPoll)
        .map((w) => w.id)
        .sort(),
    ).toEqual([unplanned, unknownRemote].sort());
  });

  it('finds the unfinished task a callback token belongs to, and not a finished one', () => {
    const { store } = tempStore();
    const open = makeTaskRecord({
      status: 'stalled',
      internal: { ...makeTaskRecord().internal, callbackToken: 'tok-open' },
    });
    const done = makeTaskRecord({
      status: 'succeeded',
      internal: { ...makeTaskRecord().internal, callbackToken: 'tok-done' },
    });
    store.insert(open);
    store.insert(done);
    expect(store.idForCallbackToken('tok-open')).toBe(open.id);
    expect(store.idForCallbackToken('tok-done')).toBeNull();
    expect(store.idForCallbackToken("x' OR 1=1 --")).toBeNull();
  });
});

describe('short CJK search (tasks_fts_chars)', () => {
  it('follows inserts, prompt changes and deletes; a phrase never spans two runs', () => {
    const { store } = tempStore();
    const a = makeTaskRecord({ prompt: '一只橘猫在月光下睡觉，水彩风格' });
    const b = makeTaskRecord({ prompt: '月，光' });
    store.insert(a);
    store.insert(b);
    const ids = (q: string) => store.list({ sort: 'oldest', search: q }, null, 10).items.map((t) => t.id);
    expect(ids('月光')).toEqual([a.id]);
    expect(ids('月')).toEqual([a.id, b.id]);
    expect(ids('格')).toEqual([a.id]);
    store.update(a.id, { prompt: 'A fox' });
    expect(ids('月光')).toEqual([]);
    store.delete(b.id);
    expect(ids('月')).toEqual([]);
  });

  it('is filled for the tasks of a database made before migration 2', () => {
    const t = makeTempDbPath();
    cleanups.push(t.cleanup);
    const v1 = openDatabase(t.file, { migrations: MIGRATIONS.slice(0, 1) });
    const old = makeTaskRecord({ prompt: '雪山脚下的月光' });
    // A version-1 store has no per-character table: insert the row the way version 1 did.
    v1.prepare(
      "INSERT INTO tasks (id, operation_id, family, model, profile_id, status, prompt, created_at, updated_at) VALUES (?, 'gateway.text2image', 'gateway', 'm', 'p', 'succeeded', ?, 1, 1)",
    ).run(old.id, old.prompt);
    v1.close();
    const store = TaskStore.open(t.file);
    cleanups.unshift(() => store.close());
    expect(store.list({ sort: 'newest', search: '月光' }, null, 10).items.map((x) => x.id)).toEqual([old.id]);
    expect(store.list({ sort: 'newest', search: '雪' }, null, 10).total).toBe(1);
  });
});

describe('list with counts', () => {
  it('reads the total from the counts, over the filter statuses only', () => {
    const { store } = tempStore();
    for (const status of ['succeeded', 'succeeded', 'failed', 'running'] as const)
      store.insert(makeTaskRecord({ status, prompt: 'lighthouse at dawn' }));
    store.insert(makeTaskRecord({ status: 'failed', prompt: 'a teapot' }));
    const all = store.listWithCounts({ sort: 'newest', search: 'li' }, null, 2);
    expect(all.total).toBe(4);
    expect(all.counts).toMatchObject({ succeeded: 2, failed: 1, running: 1 });
    expect(all.nextCursor).not.toBeNull();
    const failed = store.listWithCounts({ sort: 'newest', search: 'li', statuses: ['failed'] }, null, 10);
    expect(failed.total).toBe(1);
    expect(failed.counts.failed).toBe(1);
    expect(store.listWithCounts({ sort: 'newest' }, null, 10).total).toBe(5);
  });
});
