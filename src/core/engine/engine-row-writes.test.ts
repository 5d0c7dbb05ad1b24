import { afterEach, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { simFigures } from '../../sim/pricing';
import { TaskStore } from '../db/task-store';
import type { TaskRecord } from '../tasks/task-record';
import { startTestCore, type TestCore } from '../test-support/core-harness';

/**
 * Issue 27's CPU: every row write of a task costs a statement, a scrub and an event. A task's first download
 * starts without a write of its own (the file stays `pending` in the row; progress events say it downloads),
 * so an image from Generate to its file on disk is written as: sending, accepted, finished (downloading),
 * succeeded. Against the simulator over HTTP; the writes are counted on the store.
 */
let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = null;
  await sim?.close();
  sim = null;
});

it('an image is written four times after its insert, and never just to say its file started downloading', async () => {
  sim = await startSimulator({ port: 0, apiKey: 'k-writes', speed: 'fast' });
  t = await startTestCore(sim, { tuning: { pollBaseMs: 20, pollMaxImageMs: 400 }, demoFigures: (q) => simFigures('fast', q) });
  const writes: Partial<TaskRecord>[] = [];
  const update = TaskStore.prototype.update;
  vi.spyOn(TaskStore.prototype, 'update').mockImplementation(function (this: TaskStore, id, patch) {
    writes.push(patch);
    return update.call(this, id, patch);
  });
  const task = await t.core.handlers.submitTask({
    operationId: 'unifiedImage.generate',
    values: { model: 'gpt-image-1.5', prompt: 'four writes', size: '64x64', n: 1, images: [] },
    extra: {},
  });
  const done = await t.settled(task.id, 10_000);
  expect(done.status).toBe('succeeded');
  expect(done.results[0]?.state).toBe('done');
  // Only a status change or the final file are news worth a row write here.
  const onlyFileStarted = writes.filter((p) => p.status === undefined && p.results?.some((r) => r.state === 'downloading'));
  expect(onlyFileStarted).toEqual([]);
  expect(writes.map((p) => p.status ?? p.internal?.sendPhase ?? '(other)')).toEqual(['wire', 'queued', 'downloading', 'succeeded']);
});
