import { afterEach, describe, expect, it } from 'vitest';
import type { TaskFilter, TaskStatus } from '../../shared/domain/task';
import type { TaskRecord } from '../tasks/task-record';
import { InvalidCursorError } from './cursor';
import { openDatabase } from './open-database';
import { TaskStore } from './task-store';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function newStore(now: () => number = () => 9_000_000_000_000): { store: TaskStore; file: string } {
  const t = makeTempDbPath();
  const store = TaskStore.open(t.file, { now });
  cleanups.push(t.cleanup, () => store.close());
  return { store, file: t.file };
}

const filter = (f: Partial<TaskFilter> = {}): TaskFilter => ({ sort: 'newest', ...f });

/** Walks every page and returns the ids in order. */
function walk(
  store: TaskStore,
  f: TaskFilter,
  limit: number,
): { ids: string[]; pages: number; totals: number[] } {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = store.list(f, cursor, limit);
    ids.push(...page.items.map((r) => r.id));
    totals.push(page.total);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 10_000);
  return { ids, pages, totals };
}

describe('TaskStore writes and reads', () => {
  it('round-trips a full record', () => {
    const { store } = newStore();
    const record = makeTaskRecord({
      demo: true,
      favourite: true,
      rateLimitedUntil: 123,
      progress: 42.5,
      internal: {
        sendPhase: 'answered',
        nextPollAt: 5,
        pollCount: 2,
        callbackToken: null,
        baseUrl: 'http://x',
        vendor: 'v',
        submitPath: '/p',
      },
    });
    store.insert(record);
    expect(store.get(record.id)).toEqual(record);
    expect(store.get('missing')).toBeNull();
  });

  it('rejects a duplicate id', () => {
    const { store } = newStore();
    const record = makeTaskRecord();
    store.insert(record);
    expect(() => store.insert(record)).toThrow();
  });

  it('applies a patch, bumps updatedAt from the clock, and keeps the id', () => {
    const { store } = newStore(() => 777);
    const record = makeTaskRecord({ status: 'running', progress: 10 });
    store.insert(record);
    const updated = store.update(record.id, {
      status: 'succeeded',
      progress: 100,
      error: undefined,
      id: 'other',
    } as Partial<TaskRecord>);
    expect(updated).toEqual({ ...record, status: 'succeeded', progress: 100, updatedAt: 777 });
    expect(store.get(record.id)).toEqual(updated);
    expect(store.get('other')).toBeNull();
    expect(store.update(record.id, { updatedAt: 5, error: null })?.updatedAt).toBe(5);
    expect(store.update('missing', { status: 'failed' })).toBeNull();
  });

  it('deletes', () => {
    const { store } = newStore();
    const record = makeTaskRecord();
    store.insert(record);
    expect(store.delete(record.id)).toBe(true);
    expect(store.delete(record.id)).toBe(false);
    expect(store.get(record.id)).toBeNull();
  });

  it('rolls a failed transaction back entirely', () => {
    const { store } = newStore();
    const a = makeTaskRecord();
    expect(() =>
      store.transaction(() => {
        store.insert(a);
        store.update(a.id, { prompt: 'changed' });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.get(a.id)).toBeNull();
    expect(store.list(filter({ search: 'changed' }), null, 10).total).toBe(0);
  });

  it('survives close and reopen (history outlives a restart)', () => {
    const t = makeTempDbPath();
    cleanups.push(t.cleanup);
    const first = TaskStore.open(t.file);
    const records = [
      makeTaskRecord({ prompt: 'persisted lighthouse' }),
      makeTaskRecord({ status: 'running' }),
    ];
    for (const r of records) first.insert(r);
    first.close();
    const second = TaskStore.open(t.file);
    cleanups.push(() => second.close());
    expect(second.get(records[0]?.id ?? '')).toEqual(records[0]);
    expect(second.list(filter({ search: 'lighthouse' }), null, 10).items.map((r) => r.id)).toEqual([
      records[0]?.id,
    ]);
    expect(second.nonTerminal().map((r) => r.id)).toEqual([records[1]?.id]);
  });

  it('reads rows with corrupt JSON or unknown enum values without throwing', () => {
    const t = makeTempDbPath();
    cleanups.push(t.cleanup);
    const store = TaskStore.open(t.file);
    const good = makeTaskRecord();
    const bad = makeTaskRecord({ prompt: 'damaged row' });
    store.insert(good);
    store.insert(bad);
    store.close();
    // Damage the row behind the store's back, as a crash, a disk error or a hand edit could.
    const db = openDatabase(t.file);
    db.prepare(
      `UPDATE tasks SET values_json = '{oops', extra_json = '[]', inputs_json = 'null', results_json = '[{"index":1,"file":"a.png","state":"bogus"}, 5, {"kind":"image"}]',
       events_json = '{"not":"an array"}', internal_json = 'x', last_raw_response_json = '{', status = 'exploded',
       demo = 'yes' WHERE id = ?`,
    ).run(bad.id);
    db.close();

    const reopened = TaskStore.open(t.file);
    cleanups.push(() => reopened.close());
    const page = reopened.list(filter(), null, 10);
    expect(page.items.map((r) => r.id)).toEqual([bad.id, good.id]);
    expect(page.items[0]).toMatchObject({
      status: 'unknown',
      demo: false,
      values: {},
      extra: {},
      inputs: [],
      results: [
        {
          index: 1,
          kind: 'other',
          remoteUrl: null,
          file: 'a.png',
          mime: null,
          bytesReceived: 0,
          bytesTotal: null,
          sha256: null,
          thumbnail: null,
          state: 'failed',
          error: null,
        },
      ],
      events: [],
      lastRawResponse: null,
      internal: {
        nextPollAt: null,
        pollCount: 0,
        callbackToken: null,
        baseUrl: '',
        vendor: '',
        submitPath: '',
      },
    });
    expect(page.items[1]).toEqual(good);
    expect(reopened.countsByStatus().unknown).toBe(1);
  });

  it('truncates an oversized raw response instead of storing megabytes', () => {
    const { store } = newStore();
    const record = makeTaskRecord({ lastRawResponse: { data: [{ b64_json: 'A'.repeat(3_000_000) }] } });
    store.insert(record);
    expect(store.get(record.id)?.lastRawResponse).toMatchObject({
      truncated: true,
      length: expect.any(Number) as number,
    });
  });
});

describe('TaskStore.list', () => {
  function seeded(): { store: TaskStore; records: TaskRecord[] } {
    const { store } = newStore();
    const records = [
      makeTaskRecord({
        operationId: 'videos.create',
        family: 'videos',
        model: 'sora-2',
        status: 'running',
        createdAt: 100,
      }),
      makeTaskRecord({ model: 'flux', status: 'failed', createdAt: 200, favourite: true }),
      makeTaskRecord({ status: 'succeeded', createdAt: 300 }),
      makeTaskRecord({
        operationId: 'videos.create',
        family: 'videos',
        model: 'sora-2',
        status: 'queued',
        createdAt: 400,
      }),
      makeTaskRecord({ status: 'succeeded', createdAt: 500, favourite: true }),
    ];
    store.transaction(() => records.forEach((r) => store.insert(r)));
    return { store, records };
  }
  const ids = (page: { items: TaskRecord[] }): number[] => page.items.map((r) => r.createdAt);

  it('sorts newest first by default and oldest first on request', () => {
    const { store } = seeded();
    expect(ids(store.list(filter(), null, 10))).toEqual([500, 400, 300, 200, 100]);
    expect(ids(store.list(filter({ sort: 'oldest' }), null, 10))).toEqual([100, 200, 300, 400, 500]);
  });

  it('filters by each criterion, and reports the total matching', () => {
    const { store } = seeded();
    const check = (f: Partial<TaskFilter>, expected: number[]): void => {
      const page = store.list(filter(f), null, 10);
      expect(ids(page)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    };
    check({ operationId: 'videos.create' }, [400, 100]);
    check({ model: 'flux' }, [200]);
    check({ statuses: ['succeeded', 'failed'] }, [500, 300, 200]);
    check({ statuses: [] }, [500, 400, 300, 200, 100]);
    check({ favourite: true }, [500, 200]);
    check({ favourite: false }, [400, 300, 100]);
    check({ since: 200 }, [500, 400, 300, 200]);
    check({ until: 300 }, [200, 100]);
    check({ since: 200, until: 400, statuses: ['succeeded'] }, [300]);
    check({ operationId: 'vendor.avatar' }, []);
  });

  it('visits each of 250 rows exactly once across pages, both ways, with createdAt ties', () => {
    const { store } = newStore();
    // Only 50 distinct timestamps, so the id tiebreak decides page boundaries.
    const records = Array.from({ length: 250 }, (_, i) =>
      makeTaskRecord({ createdAt: 1000 + (i % 50), status: i % 3 === 0 ? 'failed' : 'succeeded' }),
    );
    store.transaction(() => records.forEach((r) => store.insert(r)));
    for (const sort of ['newest', 'oldest'] as const) {
      const { ids: seen, pages, totals } = walk(store, filter({ sort }), 30);
      expect(seen).toHaveLength(250);
      expect(new Set(seen).size).toBe(250);
      expect(pages).toBe(9);
      expect(new Set(totals)).toEqual(new Set([250]));
      const expected = [...records]
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
        .map((r) => r.id);
      expect(seen).toEqual(sort === 'oldest' ? expected : expected.reverse());
    }
    const failed = walk(store, filter({ statuses: ['failed'] }), 7);
    expect(failed.ids).toHaveLength(84);
    expect(new Set(failed.ids).size).toBe(84);
  });

  it('returns no cursor on the last page, clamps the limit, and rejects a forged cursor', () => {
    const { store } = seeded();
    expect(store.list(filter(), null, 5).nextCursor).toBeNull();
    expect(store.list(filter(), null, 0).items).toHaveLength(1);
    expect(() => store.list(filter(), 'not-a-cursor', 5)).toThrow(InvalidCursorError);
    expect(() => store.list(filter(), Buffer.from('[1,"x",2]').toString('base64url'), 5)).toThrow(
      InvalidCursorError,
    );
  });
});

describe('TaskStore status queries', () => {
  it('counts every status, zeros included, honouring all filters but statuses', () => {
    const { store } = newStore();
    const statuses: TaskStatus[] = ['succeeded', 'succeeded', 'failed', 'running', 'stalled'];
    store.transaction(() =>
      statuses.forEach((status, i) => store.insert(makeTaskRecord({ status, model: i < 3 ? 'a' : 'b' }))),
    );
    expect(store.countsByStatus()).toEqual({
      waiting: 0,
      submitting: 0,
      queued: 0,
      running: 1,
      downloading: 0,
      succeeded: 2,
      failed: 1,
      cancelled: 0,
      unknown: 0,
      stalled: 1,
    });
    expect(store.countsByStatus({ model: 'a', statuses: ['failed'] })).toMatchObject({
      succeeded: 2,
      failed: 1,
      running: 0,
      stalled: 0,
    });
  });

  it('lists non-terminal tasks and succeeded tasks with downloads outstanding', () => {
    const { store } = newStore();
    const pendingResult = { ...makeTaskRecord().results[0]!, state: 'pending' as const, file: null };
    const make = (status: TaskStatus, extra: Partial<TaskRecord> = {}): TaskRecord =>
      makeTaskRecord({ status, ...extra });
    const open = [
      make('submitting'),
      make('queued'),
      make('running'),
      make('downloading'),
      make('unknown'),
      make('stalled'),
      make('succeeded', { results: [pendingResult] }),
    ];
    const closed = [
      make('succeeded'),
      make('failed'),
      make('cancelled'),
      make('failed', { results: [pendingResult] }),
    ];
    store.transaction(() => [...open, ...closed].forEach((r) => store.insert(r)));
    expect(store.nonTerminal().map((r) => r.id)).toEqual(open.map((r) => r.id));
    // Finishing the download closes it.
    store.update(open[6]!.id, { results: [{ ...pendingResult, state: 'done' }] });
    expect(store.nonTerminal()).toHaveLength(6);
  });

  it('returns due tasks, soonest first, limited', () => {
    const { store } = newStore();
    const at = (status: TaskStatus, nextPollAt: number | null): TaskRecord => {
      const r = makeTaskRecord({ status });
      return { ...r, internal: { ...r.internal, nextPollAt } };
    };
    const tasks = [
      at('running', 300),
      at('queued', 100),
      at('running', 900),
      at('unknown', null),
      at('succeeded', 50),
      at('stalled', 200),
    ];
    store.transaction(() => tasks.forEach((r) => store.insert(r)));
    expect(store.due(300, 10).map((r) => r.internal.nextPollAt)).toEqual([100, 200, 300]);
    expect(store.due(300, 2).map((r) => r.internal.nextPollAt)).toEqual([100, 200]);
    store.update(tasks[1]!.id, { internal: { ...tasks[1]!.internal, nextPollAt: 1000 } });
    expect(store.due(300, 10).map((r) => r.internal.nextPollAt)).toEqual([200, 300]);
  });
});

describe('seedTasks', () => {
  it('inserts n varied, valid records reproducibly', async () => {
    const { mulberry32, seedTasks } = await import('./seed');
    const { taskDetailSchema } = await import('../../shared/domain/task');
    const { store } = newStore();
    const records = seedTasks(store, 300, mulberry32(1), { now: 1_760_000_000_000 });
    expect(seedTasks(newStore().store, 300, mulberry32(1), { now: 1_760_000_000_000 })).toEqual(records);
    expect(store.list(filter(), null, 1).total).toBe(300);
    for (const r of records) expect(taskDetailSchema.safeParse(r).success).toBe(true);
    expect(new Set(records.map((r) => r.operationId)).size).toBe(11);
    expect(new Set(records.map((r) => r.status)).size).toBeGreaterThanOrEqual(7);
    expect(records.some((r) => /[\u4e00-\u9fff]/.test(r.prompt))).toBe(true);
    expect(store.get(records[0]!.id)).toEqual(records[0]);
  });
});
