import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { taskStatusSchema, type TaskFilter, type TaskStatus } from '../../shared/domain/task';
import { StatementCache } from './statement-cache';
import { parseInts, searchPass, walkDateIndex } from './search-listing';
import { StatusMirror } from './status-mirror';
import { mulberry32 } from './seed';
import { TaskStore } from './task-store';
import { whereFor } from './task-query';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

/**
 * The search box's fast path (one pass over the matches, then a walk of the date index) against the plain
 * answer: the same WHERE clause counted with GROUP BY and paged with ORDER BY … LIMIT.
 */
let store: TaskStore;
let cleanup: () => void;
const STATUSES = taskStatusSchema.options;

beforeAll(() => {
  const t = makeTempDbPath();
  store = TaskStore.open(t.file);
  cleanup = () => {
    store.close();
    t.cleanup();
  };
  const rng = mulberry32(9);
  const words = ['lamp', 'lantern', 'fox', 'lake', '月光', 'light', 'moon'];
  // 3,000 tasks, two thirds with a word starting with "l": more than the dense threshold (2,000 matches).
  store.transaction(() => {
    for (let i = 0; i < 3000; i++) {
      const a = words[Math.floor(rng() * words.length)] ?? 'fox';
      const b = words[Math.floor(rng() * words.length)] ?? 'moon';
      store.insert(
        makeTaskRecord({
          id: `t-${String(i).padStart(5, '0')}`,
          prompt: `${a} ${b} ${i}`,
          // Equal creation times now and then: the id breaks the tie, and the walk must keep that order.
          createdAt: 1_700_000_000_000 + Math.floor(i / 3) * 1000,
          status: STATUSES[Math.floor(rng() * STATUSES.length)] ?? 'queued',
          rejected: rng() < 0.1,
        }),
      );
    }
  });
  // A status a newer build wrote: shown and counted as unknown.
  store.db.prepare("UPDATE tasks SET status = 'archived-later' WHERE id IN ('t-00007', 't-00100')").run();
});
afterAll(() => cleanup());

function reference(filter: TaskFilter): { counts: Record<TaskStatus, number>; ids: string[] } {
  const { statuses: _s, ...criteria } = filter;
  const where = whereFor(criteria);
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>;
  for (const row of store.db
    .prepare(`SELECT status, count(*) FROM tasks ${where.sql} GROUP BY status`)
    .raw()
    .all(...where.params)) {
    const [status, n] = row as [string, number];
    const key = (STATUSES as readonly string[]).includes(status) ? (status as TaskStatus) : 'unknown';
    counts[key] += n;
  }
  const dir = filter.sort === 'oldest' ? 'ASC' : 'DESC';
  const ids = store.db
    .prepare(`SELECT id FROM tasks ${where.sql} ORDER BY created_at ${dir}, id ${dir}`)
    .raw()
    .all(...where.params)
    .map((r) => (r as [string])[0]);
  return { counts, ids };
}

function everyPage(
  filter: TaskFilter,
  limit: number,
  from: TaskStore = store,
): { ids: string[]; totals: Set<number> } {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page = from.listWithCounts(filter, cursor, limit);
    ids.push(...page.items.map((t) => t.id));
    totals.add(page.total);
    cursor = page.nextCursor;
    if (cursor === null) break;
  }
  return { ids, totals };
}

describe('search listing: one pass over the matches, then the date index', () => {
  it.each([
    ['l', 'hide', 'newest'],
    ['l', undefined, 'oldest'],
    ['la', 'only', 'newest'],
    ['lamp lake', 'hide', 'oldest'],
    ['月', 'hide', 'newest'],
    ['月光 l', undefined, 'newest'],
  ] as const)(
    '"%s" (rejected %s, %s): the same counts, total and pages as the plain query',
    (term, rejected, sort) => {
      const filter: TaskFilter = { sort, search: term, ...(rejected ? { rejected } : {}) };
      const want = reference(filter);
      const page = store.listWithCounts(filter, null, 100);
      expect(page.counts).toEqual(want.counts);
      expect(page.total).toBe(want.ids.length);
      expect(store.countsByStatus(filter)).toEqual(want.counts);
      const all = everyPage(filter, 97);
      expect(all.ids).toEqual(want.ids);
      expect([...all.totals]).toEqual([want.ids.length]);
    },
  );

  it('the dense case really is taken (more matches than the threshold) and the pass reads no row', () => {
    expect(reference({ sort: 'newest', search: 'l', rejected: 'hide' }).ids.length).toBeGreaterThan(2000);
    const plan = store.db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT group_concat(t.status, char(30)), group_concat(t.seq) FROM tasks_fts JOIN tasks t INDEXED BY tasks_seq_status ON t.seq = tasks_fts.rowid WHERE tasks_fts MATCH \'"l"*\' AND t.rejected = 0',
      )
      .raw()
      .all()
      .map((r) => String((r as unknown[])[3]));
    expect(plan.join(' | ')).toMatch(/COVERING INDEX tasks_seq_status/);
  });

  it('a status filter on top of a search takes the plain path and agrees too', () => {
    const filter: TaskFilter = {
      sort: 'newest',
      search: 'l',
      rejected: 'hide',
      statuses: ['succeeded', 'failed'],
    };
    const want = reference(filter);
    const page = store.listWithCounts(filter, null, 50);
    expect(page.counts).toEqual(want.counts);
    const { statuses: _s, ...criteria } = filter;
    const where = whereFor(filter);
    const rows = store.db
      .prepare(`SELECT count(*) FROM tasks ${where.sql}`)
      .raw()
      .get(...where.params) as [number];
    expect(page.total).toBe(rows[0]);
    expect(criteria.search).toBe('l');
  });
});

describe('the walk of the date index', () => {
  it('finds the same matches in the same order whatever its step (pages from a cursor: above)', () => {
    const sql = new StatementCache(store.db);
    const filter: TaskFilter = { sort: 'newest', search: 'lamp lake', rejected: 'hide' };
    const matches = searchPass(sql, new StatusMirror(), filter, true)?.matches ?? new Uint8Array(0);
    const seqOf = new Map(
      store.db
        .prepare('SELECT id, seq FROM tasks')
        .raw()
        .all()
        .map((r) => r as [string, number]),
    );
    for (const sort of ['newest', 'oldest'] as const) {
      const want = reference({ ...filter, sort }).ids.map((id) => seqOf.get(id));
      for (const step of [1, 7, 64, 5000]) {
        expect(walkDateIndex(sql, matches, null, sort === 'newest', 40, step)).toEqual(want.slice(0, 40));
        expect(walkDateIndex(sql, matches, null, sort === 'newest', 1e9, step)).toEqual(want);
      }
    }
  });
});

describe('the status mirror', () => {
  it('follows every write the store makes: after inserts, status changes, rejects and deletes it is read once', () => {
    const t = makeTempDbPath();
    const own = TaskStore.open(t.file);
    try {
      const rng = mulberry32(3);
      const ids: string[] = [];
      own.transaction(() => {
        for (let i = 0; i < 400; i++) {
          const r = makeTaskRecord({
            prompt: `lamp ${i}`,
            status: STATUSES[i % STATUSES.length] ?? 'queued',
          });
          own.insert(r);
          ids.push(r.id);
        }
      });
      const check = (): void => {
        for (const rejected of ['hide', 'only', undefined] as const) {
          const filter: TaskFilter = { sort: 'newest', search: 'lamp', ...(rejected ? { rejected } : {}) };
          const where = whereFor(filter);
          const want = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>;
          for (const row of own.db
            .prepare(`SELECT status, count(*) FROM tasks ${where.sql} GROUP BY status`)
            .raw()
            .all(...where.params))
            want[(row as [TaskStatus, number])[0]] = (row as [TaskStatus, number])[1];
          expect(own.countsByStatus(filter)).toEqual(want);
        }
      };
      check();
      const loads = own.mirrorLoads;
      expect(loads).toBe(1);
      for (let i = 0; i < 300; i++) {
        const id = ids[Math.floor(rng() * ids.length)] ?? 'x';
        if (rng() < 0.6)
          own.update(id, { status: STATUSES[Math.floor(rng() * STATUSES.length)] ?? 'queued' });
        else own.update(id, { rejected: rng() < 0.5 });
        const r = makeTaskRecord({ prompt: `lamp new ${i}`, status: 'submitting' });
        own.insert(r);
        ids.push(r.id);
        if (i % 50 === 0) check();
      }
      check();
      expect(own.mirrorLoads).toBe(1); // followed, never read again
      own.delete(ids[0] ?? 'x');
      check();
      expect(own.mirrorLoads).toBe(2); // a delete drops it
    } finally {
      own.close();
      t.cleanup();
    }
  });

  it('a change it was not told of (a write behind the store’s back) is noticed by the counts and read again', () => {
    const t = makeTempDbPath();
    const own = TaskStore.open(t.file);
    try {
      own.transaction(() => {
        for (let i = 0; i < 50; i++) own.insert(makeTaskRecord({ prompt: `lamp ${i}`, status: 'queued' }));
      });
      const filter: TaskFilter = { sort: 'newest', search: 'lamp', rejected: 'hide' };
      expect(own.countsByStatus(filter).queued).toBe(50);
      own.db.prepare("UPDATE tasks SET status = 'failed' WHERE seq % 5 = 0").run();
      const counts = own.countsByStatus(filter);
      expect(counts.queued).toBe(40);
      expect(counts.failed).toBe(10);
      expect(own.mirrorLoads).toBe(2);
    } finally {
      own.close();
      t.cleanup();
    }
  });
});

describe('a history the mirror cannot hold', () => {
  it('a seq far out (a hand-edited file): the search is answered by the plain queries, the same', () => {
    const t = makeTempDbPath();
    const own = TaskStore.open(t.file);
    try {
      own.transaction(() => {
        for (let i = 0; i < 30; i++)
          own.insert(makeTaskRecord({ id: `far-${i}`, prompt: `lamp ${i}`, status: 'queued' }));
      });
      own.db.prepare("UPDATE tasks SET seq = 536870912 WHERE id = 'far-3'").run();
      const filter: TaskFilter = { sort: 'newest', search: 'lamp', rejected: 'hide' };
      const page = own.listWithCounts(filter, null, 10);
      expect(page.total).toBe(30);
      expect(page.counts.queued).toBe(30);
      expect(everyPage(filter, 7, own).ids).toHaveLength(30);
    } finally {
      own.close();
      t.cleanup();
    }
  });
});

describe('the pass’s string reader', () => {
  it('parseInts: the integers of a comma list', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 ** 40 })), (seqs) => {
        expect(parseInts(seqs.join(','))).toEqual(seqs);
      }),
    );
  });
});
