import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSimulator, type Simulator } from '../sim';
import { makeTaskRecord } from '../core/db/test-fixtures';
import type { TaskResult } from '../shared/domain/task';
import { createDemoGateway } from './demo-gateway';
import { createWebApp } from './create-web-app';

let app: Awaited<ReturnType<typeof createWebApp>>;
let dataDir: string;
let outside: string;
const rendererDir = mkdtempSync(join(tmpdir(), 'atelier-renderer-'));
let sim: Simulator;

beforeAll(async () => {
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-host-'));
  outside = mkdtempSync(join(tmpdir(), 'atelier-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'top secret');
  app = await createWebApp({ dataDir, rendererDir, port: 0, demo: createDemoGateway('instant') });
  const library = app.core.mediaRoots().library;
  mkdirSync(join(library, 'sub'), { recursive: true });
  writeFileSync(join(library, 'sub', 'ok.png'), 'png bytes');
  symlinkSync(join(outside, 'secret.txt'), join(library, 'link.txt'));
  // The media route serves only files a task records: these two are recorded (the symlink still must not
  // lead out of the library).
  const base = makeTaskRecord();
  const result = base.results[0] as TaskResult;
  app.core.store.insert({ ...base, results: [{ ...result, file: 'sub/ok.png' }, { ...result, index: 1, file: 'link.txt' }] });
  sim = await startSimulator({ port: 0, apiKey: 'x', speed: 'instant' });
});
afterAll(async () => {
  await app.close();
  await sim.close();
  for (const d of [dataDir, outside, rendererDir]) rmSync(d, { recursive: true, force: true });
});

/** Raw HTTP so the Host header can be forged (fetch does not allow it). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: app.host.port,
        path,
        headers: { host: `127.0.0.1:${app.host.port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function connect(opts: { token?: string | null; origin?: string; host?: string } = {}): Promise<WebSocket> {
  const token = opts.token === undefined ? app.host.token : opts.token;
  const url = `ws://127.0.0.1:${app.host.port}/bridge${token ? `?token=${token}` : ''}`;
  const ws = new WebSocket(url, {
    origin: opts.origin ?? app.host.origin,
    headers: opts.host ? { host: opts.host } : {},
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

function call(
  ws: WebSocket,
  message: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve((JSON.parse(String(data)) as { reply: never }).reply));
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

describe('web host: who may connect', () => {
  it('accepts our token, Origin and Host', async () => {
    const ws = await connect();
    const reply = await call(ws, { type: 'call', id: 1, method: 'getAppInfo', input: {} });
    expect(reply.ok).toBe(true);
    ws.close();
  });
  it('refuses a socket without the token', async () => {
    await expect(connect({ token: null })).rejects.toThrow(/refused 403/);
  });
  it('refuses a wrong token', async () => {
    await expect(connect({ token: 'not-the-token' })).rejects.toThrow(/refused 403/);
  });
  it('refuses a foreign Origin', async () => {
    await expect(connect({ origin: 'http://evil.example' })).rejects.toThrow(/refused 403/);
  });
  it('refuses a foreign Host (DNS rebinding)', async () => {
    await expect(connect({ host: `evil.example:${app.host.port}` })).rejects.toThrow(/refused 403/);
    expect((await get('/', { host: `evil.example:${app.host.port}` })).status).toBe(403);
    expect((await get('/', { host: `localhost:${app.host.port}` })).status).toBe(403);
  });
});

describe('bridge conformance over the socket', () => {
  it('an unknown method is refused with an error envelope', async () => {
    const ws = await connect();
    const reply = await call(ws, { type: 'call', id: 2, method: 'readAllKeys', input: {} });
    expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    ws.close();
  });
  it('an invalid payload is refused with invalid_input, never a crash', async () => {
    const ws = await connect();
    expect(
      await call(ws, { type: 'call', id: 3, method: 'updatePreferences', input: { theme: 'purple' } }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(ws, { type: 'call', id: 4, method: 'getTask', input: { id: 42 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await call(ws, 'not json')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    ws.close();
  });
  it('a handler error comes back as a typed envelope', async () => {
    const ws = await connect();
    expect(await call(ws, { type: 'call', id: 5, method: 'getTask', input: { id: 'nope' } })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    ws.close();
  });
});

describe('media route', () => {
  const t = () => app.host.token;
  it('serves library files with the token, with Range', async () => {
    expect((await get(`/media/library/sub/ok.png?token=${t()}`)).body).toBe('png bytes');
    const ranged = await get(`/media/library/sub/ok.png?token=${t()}`, { range: 'bytes=0-2' });
    expect(ranged).toEqual({ status: 206, body: 'png' });
    expect((await get('/media/library/sub/ok.png')).status).toBe(401);
  });
  const variants = [
    '/media/library/../../../../etc/passwd',
    '/media/library/..%2f..%2f..%2fetc%2fpasswd',
    '/media/library/%2e%2e/%2e%2e/etc/passwd',
    '/media/library/%252e%252e/secret.txt',
    '/media/library/sub/..%5c..%5csecret.txt',
    '/media/library//etc/passwd',
    '/media/library/%2Fetc%2Fpasswd',
    '/media/library/link.txt',
    '/media/library/sub/%00ok.png',
    '/media/inputs/../preferences.json',
    '/media/etc/passwd',
    '/media/library/C:%5Cwindows%5Cwin.ini',
    '/media/thumbs/..%2f..%2fpreferences.json',
  ];
  for (const path of variants)
    it(`refuses ${path}`, async () => {
      const res = await get(`${path}${path.includes('?') ? '&' : '?'}token=${t()}`);
      // Either refused, or (when URL normalisation removed the dot segments) answered with the app's own page.
      if (res.status === 200) expect(res.body).toContain('<title>Atelier</title>');
      else expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('top secret');
      expect(res.body).not.toContain('root:');
    });
});

describe('the shared app handler behind the web host', () => {
  it('a static path that cannot be decoded answers 400 (not a crash, not the page)', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get(`/media/library/%E0%A4%A.png?token=${app.host.token}`)).status).toBe(400);
    expect((await get('/')).status).toBe(200);
  });
});

/** A call whose reply is picked by id (task events arrive on the same socket in between). */
function callById(
  ws: WebSocket,
  id: number,
  method: string,
  input: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(String(data)) as { type: string; id?: number; reply?: never };
      if (m.type !== 'reply' || m.id !== id) return;
      ws.off('message', onMessage);
      resolve(m.reply as never);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, method, input }));
  });
}

describe('Save as cannot be aimed at a path by the page', () => {
  it('refuses the old `targetPath` attack through the running host; web mode has no save dialog', async () => {
    const ws = await connect();
    const submitted = await callById(ws, 10, 'submitTask', {
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: 'save me', aspect_ratio: '1:1', n: 1 },
      extra: {},
    });
    expect(submitted.ok).toBe(true);
    const id = (submitted.value as { id: string }).id;
    // Wait (by state, not by time) until the result is on disk, so a copy would really be possible.
    for (let i = 0; ; i++) {
      const task = await callById(ws, 100 + i, 'getTask', { id });
      const results = (task.value as { results: { state: string }[] }).results;
      if (results.length > 0 && results.every((r) => r.state === 'done')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const target = join(outside, 'stolen.png');
    const attack = await callById(ws, 11, 'saveResultAs', { id, index: 0, targetPath: target });
    expect(attack).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(existsSync(target)).toBe(false);
    const plain = await callById(ws, 12, 'saveResultAs', { id, index: 0 });
    expect(plain).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    ws.close();
  });
});
