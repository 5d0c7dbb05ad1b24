import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { healthOf } from './gateway-health';

let sim: Simulator;
let t: TestCore;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'test-key', speed: 'instant' });
  t = await startTestCore(sim);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const image = {
  operationId: 'gateway.text2image' as const,
  values: { model: '{vendor}_3.0_text2image', prompt: 'a health check', aspect_ratio: '1:1', n: 1 },
  extra: {},
};

describe('the connection carries the gateway health (its last answer), not only the bridge state', () => {
  it('maps answers to health', () => {
    expect([200, 404, 400, 401, 403, 429, 502, 'unreachable' as const].map(healthOf)).toEqual([
      'ok',
      'ok',
      'ok',
      'keyRefused',
      'keyRefused',
      'rateLimited',
      'unreachable',
      'unreachable',
    ]);
  });

  it('is unknown before any answer, ok after one, key refused after a 401, unknown again after a new key', async () => {
    const h = t.core.handlers;
    expect((await h.getConnection({})).health).toBe('unknown');
    const done = await t.settled((await h.submitTask(image)).id);
    expect(done.status).toBe('succeeded');
    expect((await h.getConnection({})).health).toBe('ok');

    await h.saveProfile({
      id: 'wrong',
      name: 'Wrong key',
      baseUrl: sim.baseUrl,
      vendor: 'vendora',
      gatewayAuthHeader: 'Authorization',
      callbacks: { enabled: false, publicUrl: '', localPort: 0 },
    });
    await h.setProfileKey({ id: 'wrong', key: 'not-the-key', acceptWeakStorage: true });
    await h.selectProfile({ id: 'wrong' });
    const changes = t.events.length;
    await expect(h.submitTask(image)).rejects.toMatchObject({ code: 'gateway_unauthorized' });
    const c = await h.getConnection({});
    expect(c).toMatchObject({ profileId: 'wrong', hasKey: true, health: 'keyRefused' });
    // The top bar hears it without asking.
    const pushed = t.events
      .slice(changes)
      .filter((e) => e.event === 'connectionChanged')
      .map((e) => (e.payload as { health: string }).health);
    expect(pushed).toContain('keyRefused');

    await h.setProfileKey({ id: 'wrong', key: 'test-key', acceptWeakStorage: true });
    expect((await h.getConnection({})).health).toBe('unknown');
    expect((await h.testConnection({ id: 'wrong' })).ok).toBe(true);
    expect((await h.getConnection({})).health).toBe('ok');
    await h.selectProfile({ id: 'demo' });
  });

  it('sets the expected duration at submission from the profile (the demo gateway: its own timings)', async () => {
    const estimate = await t.core.handlers.estimateTask({ operationId: image.operationId, values: image.values });
    // Earlier tests in this file finished demo tasks, so the profile's history may already speak.
    expect(['gateway', 'history']).toContain(estimate.source);
    const expected = estimate.durationMs?.median;
    expect(expected).toBeGreaterThan(0);
    const task = await t.core.handlers.submitTask(image);
    expect(task.expectedMs).toBe(expected);
    await t.settled(task.id);
    // Stored with the task: a restart (a fresh read from SQLite) still knows it.
    expect(t.core.store.get(task.id)?.expectedMs).toBe(expected);
  });
});
