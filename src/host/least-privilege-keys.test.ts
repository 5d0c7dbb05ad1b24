import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../sim';
import {
  openBridge,
  profileInput,
  startRecorder,
  startTestWebApp,
  type BridgeSocket,
} from './test-support/bridge-socket';

/**
 * Issue 13, "A key belongs to an origin": attacks a token holder (or a compromised renderer) could make on
 * the keys, through the running web host, against the simulator and a stranger's server over real HTTP.
 */
const KEY = 'sk-origin-7f3a9c1e5b2d4f60a8e1c3b5d7f9a1c3';

let sim: Simulator;
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let stranger: Awaited<ReturnType<typeof startRecorder>>;
let bridge: BridgeSocket;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, speed: 'instant' });
  stranger = await startRecorder();
  app = await startTestWebApp();
  bridge = await openBridge(app);
});
afterAll(async () => {
  bridge.close();
  await app.close();
  await sim.close();
  await stranger.close();
});

const keyReached = (headers: Record<string, unknown>[]): boolean =>
  headers.some((h) => JSON.stringify(h).includes(KEY));

describe('a key belongs to its origin', () => {
  it('moving a profile to another base URL clears its key: the stranger never sees it', async () => {
    expect((await bridge.call('saveProfile', profileInput('p1', sim.baseUrl))).ok).toBe(true);
    expect(await bridge.call('setProfileKey', { id: 'p1', key: KEY })).toMatchObject({
      ok: true,
      value: { hasKey: true },
    });
    expect(await bridge.call('testConnection', { id: 'p1' })).toMatchObject({
      ok: true,
      value: { outcome: 'ok' },
    });

    const moved = await bridge.call('saveProfile', profileInput('p1', stranger.url));
    expect(moved).toMatchObject({ ok: true, value: { hasKey: false } });
    expect(await bridge.call('testConnection', { id: 'p1' })).toMatchObject({
      ok: true,
      value: { outcome: 'noKey' },
    });
    await bridge.call('selectProfile', { id: 'p1' });
    const submit = await bridge.call('submitTask', {
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: 'a fox', aspect_ratio: '1:1', n: 1 },
      extra: {},
    });
    expect(submit).toMatchObject({ ok: false, error: { code: 'gateway_unauthorized' } });
    expect(keyReached(stranger.requests.map((r) => r.headers))).toBe(false);
    await bridge.call('selectProfile', { id: 'demo' });
  });

  it('changing the auth header clears the key too; a key re-entered in the same save is kept', async () => {
    await bridge.call('saveProfile', profileInput('p2', sim.baseUrl));
    await bridge.call('setProfileKey', { id: 'p2', key: KEY });
    const renamed = await bridge.call(
      'saveProfile',
      profileInput('p2', sim.baseUrl, { gatewayAuthHeader: 'X-Api-Key' }),
    );
    expect(renamed).toMatchObject({ ok: true, value: { hasKey: false } });
    const reentered = await bridge.call('saveProfile', profileInput('p2', `${sim.baseUrl}/`, { key: KEY }));
    expect(reentered).toMatchObject({ ok: true, value: { hasKey: true } });
    // Saving with the same URL and header (the name changed) keeps the key.
    const renamedOnly = await bridge.call(
      'saveProfile',
      profileInput('p2', `${sim.baseUrl}/`, { name: 'Renamed' }),
    );
    expect(renamedOnly).toMatchObject({ ok: true, value: { hasKey: true } });
  });

  it('a task sent before its profile moved is checked at its old origin without the key', async () => {
    const other = await startSimulator({ port: 0, apiKey: KEY, speed: 'instant' });
    await bridge.call('saveProfile', profileInput('p6', sim.baseUrl, { key: KEY }));
    await bridge.call('selectProfile', { id: 'p6' });
    const sent = await bridge.call('submitTask', {
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: 'a fox', aspect_ratio: '1:1', n: 1 },
      extra: {},
    });
    expect(sent.ok).toBe(true);
    const id = (sent as { value: { id: string } }).value.id;
    await bridge.call('stopTracking', { id });
    // The profile moves to another gateway; the same key is re-entered for it in the same save.
    expect(await bridge.call('saveProfile', profileInput('p6', other.baseUrl, { key: KEY }))).toMatchObject({
      ok: true,
      value: { hasKey: true },
    });
    sim.clearLog();
    await bridge.call('checkTask', { id });
    const queries = sim.log.filter((e) => e.method === 'GET');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => !q.authorized)).toBe(true);
    await bridge.call('selectProfile', { id: 'demo' });
    await other.close();
  });

  it('refuses user:password@ in a base URL', async () => {
    const reply = await bridge.call('saveProfile', profileInput('p3', 'https://user:secret@gateway.example'));
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('warns in the log for plain http:// to a host that is not this machine', async () => {
    expect((await bridge.call('saveProfile', profileInput('p4', 'http://gateway.example'))).ok).toBe(true);
    expect(app.logs.some((l) => l.level === 'warn' && /plain http/.test(l.message))).toBe(true);
  });

  it('extra fields cannot redirect the signed callback (callbackUrl and its spellings)', async () => {
    await bridge.call('saveProfile', profileInput('p5', sim.baseUrl));
    await bridge.call('setProfileKey', { id: 'p5', key: KEY });
    await bridge.call('selectProfile', { id: 'p5' });
    sim.clearLog();
    for (const name of ['callbackUrl', 'callback_url', 'CallbackURL']) {
      const reply = await bridge.call('submitTask', {
        operationId: 'gateway.text2image',
        values: { model: '{vendor}_3.0_text2image', prompt: 'a fox', aspect_ratio: '1:1', n: 1 },
        extra: { [name]: `${stranger.url}/steal` },
      });
      expect(reply, name).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', fields: { extra: expect.stringContaining(name) } },
      });
    }
    expect(sim.log.filter((e) => e.method === 'POST')).toEqual([]);
    await bridge.call('selectProfile', { id: 'demo' });
  });
});
