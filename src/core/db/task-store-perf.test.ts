import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskFilter } from '../../shared/domain/task';
import { fakeTaskRecord, mulberry32 } from './seed';
import { TaskStore } from './task-store';
import { makeTempDbPath } from './test-fixtures';

/**
 * Prints (does not assert) gallery latencies with 10,000 tasks, so regressions are visible in CI logs
 * without making the suite flaky on slow machines. Figures for the notes come from bench/ scripts.
 */
const N = 10_000;
const NOW = 1_760_000_000_000;
let store: TaskStore;
let cleanup: () => void;
let insertMs = 0;

beforeAll(() => {
  const t = makeTempDbPath();
  store = TaskStore.open(t.file, { now: () => NOW });
  cleanup = () => {
    store.close();
    t.cleanup();
  };
  const rng = mulberry32(7);
  const records = Array.from({ length: N }, (_, i) => fakeTaskRecord(rng, i, { now: NOW }));
  const start = performance.now();
  store.transaction(() => records.forEach((r) => store.insert(r)));
  insertMs = performance.now() - start;
});
afterAll(() => cleanup());

function time(runs: number, fn: () => unknown): { median: number; p95: number } {
  fn(); // warm the statement cache, as the app's second query would be
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number): number =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

describe(`gallery latency with ${N} tasks (printed, not asserted)`, () => {
  it('measures list, count and search', () => {
    const newest: TaskFilter = { sort: 'newest' };
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) cursor = store.list(newest, cursor, 100).nextCursor;
    const deep = cursor;
    const cases: [string, () => unknown][] = [
      ['list first page (100) + total', () => store.list(newest, null, 100)],
      ['list page 51 via cursor', () => store.list(newest, deep, 100)],
      ['list oldest first', () => store.list({ sort: 'oldest' }, null, 100)],
      ['list status=failed', () => store.list({ sort: 'newest', statuses: ['failed'] }, null, 100)],
      [
        'list model + favourite',
        () => store.list({ sort: 'newest', model: 'sora-2', favourite: true }, null, 100),
      ],
      ['list last 7 days', () => store.list({ sort: 'newest', since: NOW - 7 * 86_400_000 }, null, 100)],
      ['search "lighthouse"', () => store.list({ sort: 'newest', search: 'lighthouse' }, null, 100)],
      ['search prefix "li"', () => store.list({ sort: 'newest', search: 'li' }, null, 100)],
      ['search "fox golden"', () => store.list({ sort: 'newest', search: 'fox golden' }, null, 100)],
      ['search CJK "月光" (LIKE)', () => store.list({ sort: 'newest', search: '月光' }, null, 100)],
      [
        'search CJK "雪山脚下" (trigram)',
        () => store.list({ sort: 'newest', search: '雪山脚下' }, null, 100),
      ],
      ['countsByStatus()', () => store.countsByStatus()],
      ['countsByStatus(search "cat")', () => store.countsByStatus({ search: 'cat' })],
      ['nonTerminal()', () => store.nonTerminal()],
      ['due(now, 50)', () => store.due(NOW, 50)],
    ];
    const lines = [`insert ${N} rows in one transaction: ${insertMs.toFixed(0)} ms`];
    for (const [name, fn] of cases) {
      const { median, p95 } = time(20, fn);
      lines.push(
        `${name.padEnd(36)} median ${median.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`,
      );
    }
    const running = store.list({ sort: 'newest', statuses: ['running'] }, null, 1).items[0];
    expect(running).toBeDefined();
    let progress = 0;
    const tick = time(50, () =>
      store.update(running?.id ?? '', { progress: (progress = (progress + 1) % 100) }),
    );
    lines.push(
      `${'update (progress tick)'.padEnd(36)} median ${tick.median.toFixed(2).padStart(7)} ms   p95 ${tick.p95.toFixed(2).padStart(7)} ms`,
    );
    console.log(lines.join('\n'));
    expect(store.list(newest, null, 1).total).toBe(N);
    expect(store.list({ sort: 'newest', search: 'lighthouse' }, null, 1).total).toBeGreaterThan(0);
    expect(store.list({ sort: 'newest', search: '月光' }, null, 1).total).toBeGreaterThan(0);
  });
});
