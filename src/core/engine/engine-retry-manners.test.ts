import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import type { TaskSummary } from '../../shared/domain/task';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { valuesFor } from './operation-values.test-support';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

const WINDOW_MS = 3_000;

describe('retries with manners (issue 14, Build 7)', () => {
  it('a content endpoint that always cuts the body short is retried with backoff, and the task says so', async () => {
    // Every request is cut short, Range resumes included: the download can never complete.
    sim = await startSimulator({
      port: 0,
      apiKey: 'k-manners',
      speed: 'instant',
      faults: [{ kind: 'truncate', family: 'videos', ranged: true }],
    });
    t = await startTestCore(sim);
    const content = () => (sim?.log ?? []).filter((e) => e.path.endsWith('/content'));
    const notices: string[] = [];
    const waits: { seconds: number; retryIn: number }[] = [];
    /** The file's state while a retry counts down (the tile's countdown shows on a downloading file). */
    const retryStates = new Set<string>();
    t.core.events.subscribe((event, payload) => {
      if (event !== 'taskChanged') return;
      const result = (payload as TaskSummary).results[0];
      const err = result?.error;
      if (err) notices.push(err);
      const seconds = /^retrying in (\d+) s/.exec(err ?? '')?.[1];
      // The time of the next attempt travels with the note, so the tile can count down to it.
      if (seconds && result) retryStates.add(result.state);
      if (seconds && result?.retryAt) waits.push({ seconds: Number(seconds), retryIn: result.retryAt - Date.now() });
    });
    await t.core.handlers.submitTask({
      operationId: 'videos.create',
      values: await valuesFor(t.core, 'videos.create'),
      extra: {},
    });
    // The window opens at the first content request (an event in the simulator's log, not a clock guess).
    await expect.poll(() => content().length, { timeout: 15_000, interval: 20 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const inWindow = content().length;
    // Backoff with jitter from 0.5 s: the waits are at least 0.25 + 0.5 + 1 + 2 s, so no more than 4 requests
    // fit into 3 s, however slow the machine (a slower machine only makes fewer). Before: ~12 or more.
    expect(inWindow).toBeGreaterThanOrEqual(2);
    expect(inWindow).toBeLessThanOrEqual(4);
    expect(notices.some((n) => /^retrying in \d+ s \(attempt [2-9]\)$/.test(n))).toBe(true);
    expect([...retryStates]).toEqual(['downloading']);
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) {
      expect(w.retryIn).toBeGreaterThan(0);
      expect(w.retryIn).toBeLessThanOrEqual(Math.max(1, w.seconds) * 1000 + 500);
    }
  });
});
