import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, createJsonPreferencesStore, createMemorySecretStore, type Core } from '../core';
import { RENDERER_CSP } from './security';
import { startWebHost, type WebHost } from './web-host';

/** The web host with a small upload limit, to prove bodies are size-limited. */
const LIMIT = 64 * 1024;
let core: Core;
let host: WebHost;
let dataDir: string;
const rendererDir = mkdtempSync(join(tmpdir(), 'atelier-renderer-'));

beforeAll(async () => {
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-hardening-'));
  core = createCore({
    dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
  });
  await core.start();
  host = await startWebHost({ core, rendererDir, tmpDir: join(dataDir, 'tmp'), maxUploadBytes: LIMIT });
});
afterAll(async () => {
  await host.close();
  await core.stop();
  for (const d of [dataDir, rendererDir]) rmSync(d, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(opts: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  chunks?: Buffer[];
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${host.port}`, ...opts.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    // The server may answer 413 and close before the whole body is written: that is the point.
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e),
    );
    if (opts.chunks) {
      for (const c of opts.chunks) req.write(c);
      req.end();
    } else req.end(opts.body);
  });
}

describe('web mode serves the page with the strict CSP', () => {
  it('the HTML and its assets carry the Content-Security-Policy header', async () => {
    const page = await send({ path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(RENDERER_CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('request bodies are size-limited', () => {
  const uploadPath = () => `/upload?token=${host.token}&name=big.png`;
  const origin = () => ({ origin: host.origin, 'content-type': 'image/png' });

  it('refuses an upload whose declared length is over the limit with 413, before reading it', async () => {
    const res = await send({
      method: 'POST',
      path: uploadPath(),
      headers: { ...origin(), 'content-length': String(LIMIT + 1) },
      body: Buffer.alloc(LIMIT + 1),
    });
    expect(res.status).toBe(413);
  });

  it('refuses a chunked upload that grows past the limit with 413 and leaves no spool file', async () => {
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(LIMIT / 4, 1));
    const res = await send({
      method: 'POST',
      path: uploadPath(),
      headers: { ...origin(), 'transfer-encoding': 'chunked' },
      chunks,
    });
    expect(res.status).toBe(413);
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
  });

  it('accepts a small upload (control)', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b40000000049454e44ae426082',
      'hex',
    );
    const res = await send({
      method: 'POST',
      path: uploadPath(),
      headers: { ...origin(), 'content-length': String(png.length) },
      body: png,
    });
    expect(res.status).toBe(200);
  });

  it('closes a bridge socket that sends a message over 1 MiB (WebSocket maxPayload)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
      origin: host.origin,
    });
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const code = await new Promise<number>((resolve) => {
      ws.once('close', (c) => resolve(c));
      ws.on('error', () => undefined);
      ws.send(
        JSON.stringify({
          type: 'call',
          id: 1,
          method: 'getAppInfo',
          input: { pad: 'x'.repeat(1024 * 1024 + 10) },
        }),
      );
    });
    expect(code).toBe(1009); // "message too big"
    // …and the host is still up for the next client.
    const again = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
      origin: host.origin,
    });
    await new Promise((r, j) => {
      again.once('open', r);
      again.once('error', j);
    });
    again.close();
  });
});
