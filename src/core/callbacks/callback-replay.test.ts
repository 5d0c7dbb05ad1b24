import { afterEach, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { callbackSignature } from './signature';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

/**
 * Issue 26 item 10: one valid signed callback replayed 40 times, each time with an unsigned field changed
 * (`status`, `model`, `data`), is handled once: one gateway query, counted in the simulator's log.
 */
it('a signed callback replayed 40 times with unsigned fields changed causes one gateway query', { timeout: 30_000 }, async () => {
  // 5× the real timings: the task is still running (8 s × 5) while the replays arrive.
  sim = await startSimulator({ port: 0, apiKey: 'replay-key', speed: 5 });
  t = await startTestCore(sim, { tuning: { pollBaseMs: 60_000, pollMaxImageMs: 60_000 } });
  const h = t.core.handlers;
  await h.saveProfile({
    id: 'cb',
    name: 'Callbacks',
    baseUrl: sim.baseUrl,
    vendor: 'vendora',
    gatewayAuthHeader: 'Authorization',
    callbacks: { enabled: true, publicUrl: '', localPort: 0 },
  });
  await h.selectProfile({ id: 'cb' });
  await h.setProfileKey({ id: 'cb', key: sim.apiKey, acceptWeakStorage: true });
  const task = await h.submitTask({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt: 'replayed lanterns', aspect_ratio: '1:1', n: 1 },
    extra: {},
  });
  const taskNo = task.remoteId ?? '';
  expect(taskNo).not.toBe('');
  const submit = sim.log.find((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations');
  const callbackUrl = (submit?.json as { callbackUrl?: string } | undefined)?.callbackUrl ?? '';
  expect(callbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/atelier-callback\//);
  const queries = () =>
    sim?.log.filter((e) => e.method === 'GET' && e.path === '/open/aigw/gateway/generationTask' && e.query.taskNo === taskNo).length ?? 0;
  const before = queries();
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = callbackSignature(taskNo, timestamp, sim.apiKey);
  for (let i = 0; i < 40; i++) {
    const body = { taskNo, timestamp, sign, status: `processing-${i}`, model: `m-${i}`, data: { request_id: `r-${i}` } };
    const res = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
  }
  expect(queries() - before).toBe(1);
  // A new signed timestamp is a new callback: it is checked with the gateway again.
  const later = timestamp + 1;
  const fresh = { taskNo, timestamp: later, sign: callbackSignature(taskNo, later, sim.apiKey), status: 'success' };
  expect((await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fresh) })).status).toBe(200);
  expect(queries() - before).toBe(2);
});
