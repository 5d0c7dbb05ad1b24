import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { simFigures } from '../../sim/pricing';
import { createCore } from '../create-core';
import type { DemoGateway } from '../ports';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { FAST_TUNING } from './tuning';

/**
 * Issue 16: with a duration the schedule can trust (here the demo gateway's own figures, as in the app), a
 * task is polled about once, near its finish; without one, the backoff polls it several times. Both against
 * the simulator over HTTP, polls counted from its request log.
 */
let sim: Simulator | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await sim?.close();
  sim = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `idleTickMs`: the engine's idle pass; `staggerMs`: the wait between two Generates (their polls then come due apart). */
async function pollsPerTask(
  withFigures: boolean,
  { idleTickMs = FAST_TUNING.idleTickMs, staggerMs = 0 }: { idleTickMs?: number; staggerMs?: number } = {},
): Promise<{ polls: number; delayMs: number; worstDelayMs: number }> {
  sim = await startSimulator({ port: 0, apiKey: 'k-plan', speed: 'fast' });
  const gateway = sim;
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-plan-'));
  dirs.push(dataDir);
  const demo: DemoGateway = {
    start: async () => ({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }),
    stop: async () => undefined,
    ...(withFigures ? { figures: (q) => simFigures('fast', q) } : {}),
  };
  const core = createCore({
    dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    demo,
    tuning: { ...FAST_TUNING, pollBaseMs: 20, pollMaxImageMs: 400, idleTickMs },
  });
  await core.start();
  const seen = new Map<string, number>();
  const off = core.events.subscribe((event, payload) => {
    const t = payload as { id?: string; status?: string };
    if (
      event === 'taskChanged' &&
      t.id &&
      (t.status === 'downloading' || t.status === 'succeeded') &&
      !seen.has(t.id)
    )
      seen.set(t.id, Date.now());
  });
  try {
    const submit = async (i: number): Promise<string> => {
      await new Promise((r) => setTimeout(r, i * staggerMs));
      const task = await core.handlers.submitTask({
        operationId: 'unifiedImage.generate',
        values: { model: 'gpt-image-1.5', prompt: `plan ${i}`, size: '64x64', n: 1, images: [] },
        extra: {},
      });
      return task.id;
    };
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => submit(i)));
    const t0 = Date.now();
    const done = (): boolean => ids.every((id) => core.store.get(id)?.results[0]?.state === 'done');
    while (!done() && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(done()).toBe(true);
    const finishes = gateway.finishTimes();
    const delays = ids.map((id) => {
      const remote = core.store.get(id)?.remoteId ?? '';
      return (seen.get(id) ?? 0) - (finishes[remote] ?? 0);
    });
    const polls = gateway.log.filter(
      (e) => e.method === 'GET' && e.path.includes('/v1/tasks/generations/'),
    ).length;
    return { polls: polls / ids.length, delayMs: delays.reduce((a, b) => a + b, 0) / delays.length, worstDelayMs: Math.max(...delays) };
  } finally {
    off();
    await core.stop();
  }
}

it(
  'polls a task of known duration about once, near its finish, and sees it finish promptly',
  { timeout: 30_000 },
  async () => {
    const planned = await pollsPerTask(true);
    await sim?.close();
    sim = null;
    const backoff = await pollsPerTask(false);
    expect(planned.polls).toBeLessThanOrEqual(1.5);
    expect(backoff.polls).toBeGreaterThan(planned.polls + 1);
    // Seen within a fraction of the task's 400 ms (not a backoff step later).
    expect(planned.delayMs).toBeLessThan(2500);
  },
);

it(
  'a poll planned while an earlier pass is pending still goes at its time, not at the next idle pass (issue 31)',
  { timeout: 30_000 },
  async () => {
    // Idle passes 5 s apart, Generates 60 ms apart: each task's first poll is planned while the previous
    // task's is pending. Dropped, it waited for the idle pass (seen 1–5 s late); kept, it goes on time.
    const { polls, worstDelayMs } = await pollsPerTask(true, { idleTickMs: 5_000, staggerMs: 60 });
    expect(polls).toBeLessThanOrEqual(1.5);
    expect(worstDelayMs).toBeLessThan(1_000);
  },
);
