import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSimulator, type SimFault, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { createCore, type Core } from '../create-core';
import { fetchHttpClient } from '../http/fetch-http-client';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { FAST_TUNING, type EngineTuning } from './tuning';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

const imageValues = (prompt: string) => ({ model: 'gpt-image-1.5', prompt, size: '64x64', n: 1, images: [] });

it('polls are not limited to maxRequestsInFlight per idle tick, and never exceed the cap', { timeout: 40_000 }, async () => {
  sim = await startSimulator({ port: 0, apiKey: 'k-sched', speed: 'instant' });
  const gateway = sim;
  let inFlight = 0;
  let peak = 0;
  const counting: typeof fetch = async (input, init) => {
    const query = String(input instanceof Request ? input.url : input).includes('/v1/tasks/generations/');
    if (query) peak = Math.max(peak, ++inFlight);
    try {
      return await fetch(input, init);
    } finally {
      if (query) inFlight--;
    }
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-sched-'));
  // A long idle tick: were polls only started by ticks, 40 tasks × ≥1 poll at 6 per 5 s would take ≥ 30 s.
  // The bound below (15 s) leaves room for a loaded machine and still fails that way.
  const tuning: EngineTuning = { ...FAST_TUNING, pollBaseMs: 20, pollMaxImageMs: 60, idleTickMs: 5_000 };
  const core: Core = createCore({
    dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    demo: { start: async () => gateway, stop: async () => undefined },
    tuning,
    http: fetchHttpClient(counting),
  });
  await core.start();
  try {
    const t0 = Date.now();
    const ids = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => (await core.handlers.submitTask({ operationId: 'unifiedImage.generate', values: imageValues(`sched ${i}`), extra: {} })).id),
    );
    const done = (): boolean => ids.every((id) => core.store.get(id)?.results[0]?.state === 'done');
    while (!done() && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
    expect(done()).toBe(true);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(peak).toBeLessThanOrEqual((await core.handlers.getPreferences({})).maxRequestsInFlight);
    expect(peak).toBeGreaterThan(1);
  } finally {
    await core.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it("a finished task's download does not hold a place under the request cap", { timeout: 20_000 }, async () => {
  // One request at a time, and a video whose download takes ~2.4 s (16 chunks × 150 ms).
  const faults: SimFault[] = [{ kind: 'slowBody', on: 'download', family: 'videos', delayMs: 150 }];
  sim = await startSimulator({ port: 0, apiKey: 'k-sched', speed: 'instant', faults, videoResultBytes: 1024 * 1024 });
  t = await startTestCore(sim, { tuning: { pollBaseMs: 20, pollMaxImageMs: 60, pollMaxVideoMs: 60 } });
  await t.core.handlers.updatePreferences({ maxRequestsInFlight: 1 });
  const video = await t.core.handlers.submitTask({ operationId: 'videos.create', values: { model: 'sora-2', prompt: 'slow download', seconds: '4', size: '1280x720' }, extra: {} });
  await new Promise((r) => setTimeout(r, 400));
  const image = await t.core.handlers.submitTask({ operationId: 'unifiedImage.generate', values: imageValues('polled meanwhile'), extra: {} });
  const settledAt: Record<string, number> = {};
  await Promise.all([video.id, image.id].map(async (id) => t?.settled(id).then(() => (settledAt[id] = Date.now()))));
  expect(t.core.store.get(video.id)?.results[0]?.state).toBe('done');
  expect(t.core.store.get(image.id)?.results[0]?.state).toBe('done');
  // The image task was polled to the end while the video was still downloading.
  expect(settledAt[image.id]).toBeLessThan(settledAt[video.id] ?? 0);
});
