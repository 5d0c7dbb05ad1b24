import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { simFigures } from '../../sim/pricing';
import { createCore } from '../create-core';
import { TaskStore } from '../db/task-store';
import type { TaskRecord } from '../tasks/task-record';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { FAST_TUNING } from './tuning';

/**
 * Issue 27's CPU: every row write of a task costs a statement, a scrub and an event. A task's first download
 * starts without a write of its own (the file stays `pending` in the row; progress events say it downloads),
 * so an image from Generate to its file on disk is written as: sending, accepted, finished (downloading),
 * succeeded. Against the simulator over HTTP; the writes are counted on the store.
 */
let sim: Simulator | null = null;
const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await sim?.close();
  sim = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('an image is written four times after its insert, and never just to say its file started downloading', async () => {
  sim = await startSimulator({ port: 0, apiKey: 'k-writes', speed: 'fast' });
  const gateway = sim;
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-writes-'));
  dirs.push(dataDir);
  const core = createCore({
    dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    demo: {
      start: async () => ({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }),
      stop: async () => undefined,
      figures: (q) => simFigures('fast', q),
    },
    tuning: { ...FAST_TUNING, pollBaseMs: 20, pollMaxImageMs: 400 },
  });
  await core.start();
  const writes: Partial<TaskRecord>[] = [];
  const update = TaskStore.prototype.update;
  vi.spyOn(TaskStore.prototype, 'update').mockImplementation(function (this: TaskStore, id, patch) {
    writes.push(patch);
    return update.call(this, id, patch);
  });
  try {
    const task = await core.handlers.submitTask({
      operationId: 'unifiedImage.generate',
      values: { model: 'gpt-image-1.5', prompt: 'four writes', size: '64x64', n: 1, images: [] },
      extra: {},
    });
    const t0 = Date.now();
    const done = (): boolean => core.store.get(task.id)?.status === 'succeeded';
    while (!done() && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(done()).toBe(true);
    expect(core.store.get(task.id)?.results[0]?.state).toBe('done');
    // Only a status change or the final file are news worth a row write here.
    const onlyFileStarted = writes.filter((p) => p.status === undefined && p.results?.some((r) => r.state === 'downloading'));
    expect(onlyFileStarted).toEqual([]);
    expect(writes.map((p) => p.status ?? p.internal?.sendPhase ?? '(other)')).toEqual(['wire', 'queued', 'downloading', 'succeeded']);
  } finally {
    await core.stop();
  }
});
