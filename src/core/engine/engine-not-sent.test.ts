import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { DEMO_PROFILE_ID } from '../../shared/domain/profile';
import { getOperation } from '../../shared/operations/catalog';
import { TaskStore } from '../db/task-store';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { LOG } from './lifecycle/texts';
import { newTaskRecord, withEvent } from './record-factory';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

describe('after a crash', () => {
  it('a task still in the local queue is "not sent" and goes out with one click; one in flight stays unknown', async () => {
    sim = await startSimulator({ port: 0, apiKey: 'k-not-sent', speed: 'instant' });
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-notsent-'));
    // The rows exactly as a process killed at that moment leaves them (both `submitting`).
    const store = TaskStore.open(join(dataDir, 'atelier.db'));
    const now = Date.now();
    const row = (id: string, prompt: string) =>
      newTaskRecord({
        id,
        op: getOperation('unifiedImage.generate'),
        values: { model: 'gpt-image-1.5', prompt, size: '1024x1024', n: 1, images: [] },
        extra: {},
        profileId: DEMO_PROFILE_ID,
        demo: true,
        now,
        baseUrl: sim!.baseUrl,
        vendor: 'vendora',
        submitPath: '/v1/tasks/generations',
        callbackToken: null,
        expectedMs: null,
      });
    // State, not log text, tells them apart: `sendPhase` local (never sent) and wire (the request went out).
    const waiting = row('never-sent', 'a queue that never moved [ns-1]');
    waiting.events = withEvent(waiting, LOG.waiting, now);
    const inFlight = row('in-flight', 'a request on the wire [ns-2]');
    inFlight.events = withEvent({ ...inFlight, events: withEvent(inFlight, LOG.waiting, now) }, LOG.sending, now);
    inFlight.internal.sendPhase = 'wire';
    store.insert(waiting);
    store.insert(inFlight);
    store.close();

    t = await startTestCore(sim, { dataDir });
    const a = t.core.store.get('never-sent');
    const b = t.core.store.get('in-flight');
    expect(a?.status).toBe('unknown');
    expect(a?.rawStatus).toBe('not sent');
    expect(a?.error).toMatch(/^Not sent/);
    expect(b?.status).toBe('unknown');
    expect(b?.error).toMatch(/may have accepted it; check before resubmitting/);

    // One click ("check again") sends it: exactly one submission reaches the gateway, and it finishes.
    await t.core.handlers.checkTask({ id: 'never-sent' });
    const final = await t.settled('never-sent');
    expect(final.status, final.error ?? '').toBe('succeeded');
    const posts = sim.log.filter(
      (e) => e.method === 'POST' && JSON.stringify(e.json ?? '').includes('[ns-1]'),
    );
    expect(posts).toHaveLength(1);
    // The one that may be at the gateway is never sent again.
    await expect(t.core.handlers.checkTask({ id: 'in-flight' })).rejects.toThrow(/no gateway id/);
    expect(
      sim.log.filter((e) => e.method === 'POST' && JSON.stringify(e.json ?? '').includes('[ns-2]')),
    ).toHaveLength(0);
  });
});
