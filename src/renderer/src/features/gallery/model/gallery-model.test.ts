import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { actionsFor } from './actions';
import { applyTaskChanged, applyTaskRemoved, type Pages } from './cache-patch';
import { step } from './navigation';
import { estimateProgress } from './progress-estimate';

const task = (id: string, createdAt: number, patch: Partial<TaskSummary> = {}): TaskSummary => ({
  id,
  operationId: 'gateway.text2image',
  family: 'gateway',
  model: 'm',
  profileId: 'p',
  demo: false,
  status: 'succeeded',
  rawStatus: null,
  remoteId: null,
  prompt: `prompt ${id}`,
  progress: null,
  error: null,
  points: null,
  favourite: false,
  rateLimitedUntil: null,
  expectedMs: null,
  batchId: null,
  rejected: false,
  createdAt,
  submittedAt: createdAt,
  finishedAt: createdAt + 1,
  updatedAt: createdAt,
  results: [],
  ...patch,
});
const pages = (items: TaskSummary[][], last: string | null = null): Pages => ({
  pageParams: items.map((_, i) => (i === 0 ? null : `c${i}`)),
  pages: items.map((p, i) => ({ items: p, nextCursor: i === items.length - 1 ? last : `c${i + 1}`, total: items.flat().length, counts: {} as never })),
});
const ids = (d: Pages) => d.pages.flatMap((p) => p.items.map((t) => t.id));

describe('estimateProgress (honest when the gateway gives none)', () => {
  const typical = { medianMs: 100_000, p90Ms: 200_000 };
  it('reaches 90 % at the median, 95 % at p90, then holds and says so', () => {
    expect(estimateProgress(50_000, typical, null)).toEqual({ percent: 45, estimated: true, overdue: false });
    expect(estimateProgress(100_000, typical, null).percent).toBe(90);
    expect(estimateProgress(200_000, typical, null).percent).toBe(95);
    expect(estimateProgress(900_000, typical, null)).toEqual({ percent: 95, estimated: true, overdue: true });
  });
  it("uses the gateway's number when there is one", () => {
    expect(estimateProgress(10, typical, 42)).toEqual({ percent: 42, estimated: false, overdue: false });
  });
});

describe('cache patches from push events', () => {
  const filter = { sort: 'newest' as const };
  it('replaces in place, inserts a new task on top, drops what no longer matches', () => {
    const data = pages([[task('b', 20), task('a', 10)]]);
    expect(ids(applyTaskChanged(data, task('c', 30), filter))).toEqual(['c', 'b', 'a']);
    expect(applyTaskChanged(data, task('c', 30), filter).pages[0]?.total).toBe(3);
    const running = applyTaskChanged(data, task('a', 10, { status: 'running' }), filter);
    expect(running.pages[0]?.items[1]?.status).toBe('running');
    const onlyDone = applyTaskChanged(data, task('a', 10, { status: 'failed' }), { ...filter, statuses: ['succeeded'] });
    expect(ids(onlyDone)).toEqual(['b']);
    expect(ids(applyTaskRemoved(data, 'b'))).toEqual(['a']);
  });
  it('does not append an older task past a page that has more after it', () => {
    const data = pages([[task('b', 20)]], 'more');
    expect(ids(applyTaskChanged(data, task('z', 1), filter))).toEqual(['b']);
  });
});

describe('lightbox navigation', () => {
  const r = (index: number) => ({ index, kind: 'image' as const, remoteUrl: null, file: `f${index}`, mime: null, bytesReceived: 0, bytesTotal: null, sha256: null, thumbnail: null, state: 'done' as const, error: null });
  const items = [task('a', 3, { results: [r(0), r(1)] }), task('b', 2), task('c', 1, { results: [r(0), r(1), r(2)] })];
  it('walks results first, then neighbouring tasks', () => {
    expect(step(items, { taskId: 'a', index: 0 }, 1)).toEqual({ taskId: 'a', index: 1 });
    expect(step(items, { taskId: 'a', index: 1 }, 1)).toEqual({ taskId: 'b', index: 0 });
    expect(step(items, { taskId: 'b', index: 0 }, -1)).toEqual({ taskId: 'a', index: 1 });
    expect(step(items, { taskId: 'b', index: 0 }, 1)).toEqual({ taskId: 'c', index: 0 });
    expect(step(items, { taskId: 'c', index: 2 }, 1)).toBeNull();
  });
});

describe('actions per state', () => {
  it('offers check again for unknown tasks, copy error for failed ones, reveal only on the desktop', () => {
    expect(actionsFor(task('u', 1, { status: 'unknown' }), 0, 'web').flat()).toContain('checkAgain');
    expect(actionsFor(task('f', 1, { status: 'failed', error: 'x' }), 0, 'web').flat()).toContain('copyError');
    const done = task('d', 1, { results: [{ index: 0, kind: 'image', remoteUrl: null, file: 'a.png', mime: null, bytesReceived: 1, bytesTotal: 1, sha256: null, thumbnail: null, state: 'done', error: null }] });
    expect(actionsFor(done, 0, 'web').flat()).not.toContain('reveal');
    expect(actionsFor(done, 0, 'electron').flat()).toContain('reveal');
    expect(actionsFor(task('r', 1, { status: 'running' }), 0, 'web').flat()).toContain('stopTracking');
  });
});
