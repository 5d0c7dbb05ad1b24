import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { BridgeError } from '../../shared/bridge/result';
import { startTestCore, type TestCore } from '../test-support/core-harness';

/** Issue 15: a submission the gateway refuses with 401 stays in the form; it leaves no failed task behind. */
let sim: Simulator;
let t: TestCore;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'test-key', speed: 'instant' });
  t = await startTestCore(sim);
  const h = t.core.handlers;
  await h.saveProfile({
    id: 'wrong',
    name: 'Wrong key',
    baseUrl: sim.baseUrl,
    vendor: 'vendora',
    gatewayAuthHeader: 'Authorization',
    callbacks: { enabled: false, publicUrl: '', localPort: 0 },
  });
  await h.setProfileKey({ id: 'wrong', key: 'not-the-key', acceptWeakStorage: false });
  await h.selectProfile({ id: 'wrong' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const count = async (word: string) =>
  (await t.core.handlers.listTasks({ filter: { sort: 'newest', search: word }, cursor: null, limit: 10 }))
    .total;

describe('a refused key at submit', () => {
  it('answers gateway_unauthorized, sent once, and keeps no task row (no failed tile)', async () => {
    const before = sim.log.filter((e) => e.method === 'POST').length;
    const error = await t.core.handlers
      .submitTask({
        operationId: 'gateway.text2image',
        values: { model: '{vendor}_3.0_text2image', prompt: 'a refused lantern', aspect_ratio: '1:1', n: 1 },
        extra: {},
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe('gateway_unauthorized');
    const sent = sim.log.filter((e) => e.method === 'POST').slice(before);
    expect(sent.map((e) => e.status)).toEqual([401]);
    expect(await count('lantern')).toBe(0);
    // The tile that appeared while sending is taken away again.
    const changed = t.events
      .filter((e) => e.event === 'taskChanged')
      .map((e) => (e.payload as { id: string }).id);
    const removed = t.events
      .filter((e) => e.event === 'taskRemoved')
      .map((e) => (e.payload as { id: string }).id);
    expect(changed.length).toBeGreaterThan(0);
    expect(removed).toContain(changed.at(-1));
  });

  it('a server error at submit still keeps its failed task with the raw answer (only the key refusal is dropped)', async () => {
    await t.core.handlers.selectProfile({ id: 'demo' });
    sim.setFaults([{ kind: 'serverError', on: 'submit', times: 1 }]);
    const error = await t.core.handlers
      .submitTask({
        operationId: 'gateway.text2image',
        values: {
          model: '{vendor}_3.0_text2image',
          prompt: 'a server-error kite',
          aspect_ratio: '1:1',
          n: 1,
        },
        extra: {},
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    sim.setFaults([]);
    expect((error as BridgeError | null)?.code).toBe('gateway_unreachable');
    expect(await count('kite')).toBe(1);
  });
});
