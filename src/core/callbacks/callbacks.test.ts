import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { valuesFor } from '../engine/operation-values.test-support';
import { callbackSignature, verifyCallbackSignature } from './signature';
import type { TaskSummary } from '../../shared/domain/task';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
});

describe('signature', () => {
  it('is sha256 hex of taskNo + timestamp + apiKey, compared case-insensitively', () => {
    const sign = callbackSignature('T1', 1700000000, 'key');
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCallbackSignature('T1', '1700000000', 'key', sign.toUpperCase())).toBe(true);
    expect(verifyCallbackSignature('T1', '1700000001', 'key', sign)).toBe(false);
    expect(verifyCallbackSignature('T1', '1700000000', 'other', sign)).toBe(false);
    expect(verifyCallbackSignature('T1', '1700000000', 'key', 'zz')).toBe(false);
  });
});

describe('callbacks from the simulator', () => {
  it('a forged callback is rejected with no state change; valid duplicates change state once', async () => {
    sim = await startSimulator({ port: 0, apiKey: 'cb-key', speed: 'fast', faults: [{ kind: 'duplicateCallback', family: 'gateway' }] });
    // Polling so slow that only a callback can move the task within the test.
    t = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused' }, { tuning: { pollBaseMs: 30_000, pollMaxVideoMs: 60_000 } });
    const h = t.core.handlers;
    await h.saveProfile({ id: 'cb', name: 'Callback gateway', baseUrl: sim.baseUrl, vendor: 'vendora', gatewayAuthHeader: 'Authorization', callbacks: { enabled: true, publicUrl: '', localPort: 0 } });
    await h.setProfileKey({ id: 'cb', key: 'cb-key', acceptWeakStorage: false });
    await h.selectProfile({ id: 'cb' });

    const statuses: string[] = [];
    t.core.events.subscribe((event, payload) => {
      if (event === 'taskChanged' && statuses.at(-1) !== (payload as TaskSummary).status) statuses.push((payload as TaskSummary).status);
    });
    const task = await h.submitTask({ operationId: 'gateway.text2video', values: await valuesFor(t.core, 'gateway.text2video'), extra: {} });
    const submitted = sim.log.find((e) => e.path === '/open/aigw/gateway/generations');
    const callbackUrl = (submitted?.json as { callbackUrl?: string }).callbackUrl ?? '';
    expect(callbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/atelier-callback\/[A-Za-z0-9_-]{16,}$/);
    const remoteId = t.core.store.get(task.id)?.remoteId ?? '';

    const post = (body: unknown, url = callbackUrl) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const before = t.core.store.get(task.id);
    const forged = await post({ taskNo: remoteId, status: 'success', timestamp: 1, sign: callbackSignature(remoteId, 1, 'wrong-key') });
    expect(forged.status).toBe(401);
    expect(t.core.store.get(task.id)?.status).toBe(before?.status);
    expect(t.core.store.get(task.id)?.updatedAt).toBe(before?.updatedAt);
    const wrongToken = await post({ taskNo: remoteId, timestamp: 1, sign: callbackSignature(remoteId, 1, 'cb-key') }, callbackUrl.replace(/[A-Za-z0-9_-]+$/, 'x'.repeat(24)));
    expect(wrongToken.status).toBe(404);

    const final = await t.settled(task.id);
    expect(final.status).toBe('succeeded');
    // Valid duplicates after completion: accepted idempotently, nothing changes.
    const ts = Math.floor(Date.now() / 1000);
    const valid = { taskNo: remoteId, status: 'success', timestamp: ts, sign: callbackSignature(remoteId, ts, 'cb-key') };
    expect((await post(valid)).status).toBe(200);
    expect((await post(valid)).status).toBe(200);
    expect(t.core.store.get(task.id)?.updatedAt).toBe(final.updatedAt);
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'downloading')).toHaveLength(1);
    // The simulator's callback, not polling, finished it: one status query per callback at most.
    const queries = sim.log.filter((e) => e.path === '/open/aigw/gateway/generationTask');
    expect(queries.length).toBeLessThanOrEqual(2);
  });
});

describe('receiver', () => {
  it('concurrent starts share one server, and stop closes it', async () => {
    const { CallbackReceiver } = await import('./callback-receiver');
    const { silentLogger } = await import('../ports');
    const receiver = new CallbackReceiver(async () => 'accepted', silentLogger);
    const ports = await Promise.all([receiver.start(0), receiver.start(0), receiver.start(0)]);
    expect(new Set(ports).size).toBe(1);
    await receiver.stop();
    await expect(fetch(`http://127.0.0.1:${ports[0]}/atelier-callback/${'a'.repeat(20)}`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
