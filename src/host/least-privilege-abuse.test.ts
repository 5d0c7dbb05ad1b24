import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTasks } from '../core/db/seed';
import {
  openBridge,
  profileInput,
  startRecorder,
  startTestWebApp,
  type BridgeSocket,
} from './test-support/bridge-socket';

/** Issue 13, "Bounded inputs" and "The web host under abuse", through the running web host. */
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let bridge: BridgeSocket;

beforeAll(async () => {
  app = await startTestWebApp();
  bridge = await openBridge(app);
});
afterAll(async () => {
  bridge.close();
  await app.close();
});

const text2image = (values: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  operationId: 'gateway.text2image',
  values: { model: '{vendor}_3.0_text2image', prompt: 'a fox', aspect_ratio: '1:1', n: 1, ...values },
  extra,
});

describe('bounded inputs', () => {
  it('a forged cursor answers invalid_input, not internal (and logs no stack)', async () => {
    const forged = Buffer.from(JSON.stringify([1, 'x', 5])).toString('base64url');
    for (const cursor of ['not-a-cursor', forged])
      expect(await bridge.call('listTasks', { filter: { sort: 'newest' }, cursor })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    expect(app.logs.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('refuses a 900 KB model id, deep extra fields and oversized ids', async () => {
    expect(await bridge.call('submitTask', text2image({ model: 'm'.repeat(900_000) }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await bridge.call('submitTask', text2image({ model: 'm'.repeat(5_000) }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(await bridge.call('submitTask', text2image({}, { deep }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await bridge.call('submitTask', text2image({}, { many: 'x'.repeat(70_000) }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await bridge.call('getTask', { id: 'x'.repeat(5_000) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await bridge.call('setFavourite', { id: 'x'.repeat(5_000), favourite: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});

describe('the web host under abuse', () => {
  it('caps the calls one socket has in flight: 60 hanging calls reach the network at most 2 × 16 at a time', async () => {
    const hang = await startRecorder({ hang: true });
    await bridge.call('saveProfile', profileInput('slow', hang.url));
    await bridge.call('setProfileKey', { id: 'slow', key: 'sk-slow-0123456789abcdef' });
    const abuser = await openBridge(app);
    const calls = Array.from({ length: 60 }, () => abuser.call('testConnection', { id: 'slow' }));
    await expect.poll(() => hang.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(16);
    await new Promise((r) => setTimeout(r, 500)); // let anything that would overshoot arrive
    expect(hang.requests.length).toBeLessThanOrEqual(32);
    // The refused ones answer at once with a clear code; the others wait their turn.
    const refused = await Promise.race([
      Promise.any(calls),
      new Promise((r) => setTimeout(() => r(null), 2000)),
    ]);
    if (refused) expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    abuser.close();
    await hang.close();
    // Another socket was never starved by the abuser.
    expect(await bridge.call('getAppInfo', {})).toMatchObject({ ok: true });
  }, 30_000);

  it('closes a socket that does not read its replies once its send buffer passes the bound', async () => {
    seedTasks(app.core.store, 500, () => 0.5, { now: Date.now() });
    const reader = await openBridge(app);
    const closed = new Promise<void>((r) => reader.ws.once('close', () => r()));
    reader.ws.pause(); // never reads again
    for (let i = 0; i < 120; i++)
      reader.ws.send(
        JSON.stringify({
          type: 'call',
          id: i + 1,
          method: 'listTasks',
          input: { filter: { sort: 'newest' }, limit: 500 },
        }),
      );
    await expect
      .poll(() => app.logs.some((l) => /does not read/.test(l.message)), { timeout: 20_000 })
      .toBe(true);
    reader.ws.resume();
    await closed;
    expect(await bridge.call('getAppInfo', {})).toMatchObject({ ok: true });
  }, 40_000);

  it('the demo gateway exposes no /__sim control routes (no cross-origin fault switching or log reading)', async () => {
    const conn = await bridge.call('getConnection', {});
    const baseUrl = (conn as { value: { baseUrl: string } }).value.baseUrl;
    const post = await fetch(`${baseUrl}/__sim/faults`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: '[{"kind":"serverError"}]',
    });
    expect(post.status).toBe(404);
    expect((await fetch(`${baseUrl}/__sim/log`)).status).toBe(404);
  });
});
