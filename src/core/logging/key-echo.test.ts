import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../shared/bridge/dispatch';
import { createCore, type Core } from '../create-core';
import { FAST_TUNING } from '../engine/tuning';
import type { Logger } from '../ports';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { valuesFor } from '../engine/operation-values.test-support';

/**
 * A hostile (or merely careless) gateway that echoes the credentials it received into its error messages:
 * 400 on every submit, and on polls a 404 whose body quotes the key again. Nothing of it may reach a bridge
 * reply, a task, the database or the logs.
 */
const KEY = 'sk-ECHO-canary-7f3a9b2c4d5e6f70';
const echoed = (req: IncomingMessage): string =>
  `${req.headers.authorization ?? ''} ${req.headers['x-gw-key'] ?? ''}`.trim();

let server: Server;
let baseUrl: string;
let core: Core;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/videos') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: 'video_echo_1', object: 'video', status: 'queued', progress: 0 }));
        return;
      }
      const body =
        req.method === 'POST' && req.url?.startsWith('/open/aigw/')
          ? { code: 400, message: `invalid model; you sent credentials "${echoed(req)}"` }
          : {
              error: {
                message: `bad request: header was ${echoed(req)}`,
                headers: { authorization: req.headers.authorization },
              },
            };
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-echo-'));
  const capture =
    (level: string): Logger['info'] =>
    (m, d) =>
      lines.push(`${level} ${m} ${JSON.stringify(d ?? {})}`);
  core = createCore({
    dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    log: { debug: capture('debug'), info: capture('info'), warn: capture('warn'), error: capture('error') },
    tuning: FAST_TUNING,
  });
  await core.start();
});
afterAll(async () => {
  await core.stop();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function useProfile(id: string, gatewayAuthHeader: string): Promise<void> {
  await core.handlers.saveProfile({
    id,
    name: id,
    baseUrl,
    vendor: 'vendora',
    gatewayAuthHeader,
    callbacks: { enabled: false, publicUrl: '', localPort: 0 },
  });
  await core.handlers.setProfileKey({ id, key: KEY, acceptWeakStorage: false });
  await core.handlers.selectProfile({ id });
}

describe('error messages never echo keys', () => {
  for (const [id, header] of [
    ['bearer', 'Authorization'],
    ['raw-header', 'X-Gw-Key'],
  ] as const)
    it(`a 400 that quotes the key (${header}) reaches the form scrubbed`, async () => {
      await useProfile(id, header);
      const values = await valuesFor(core, 'gateway.text2video');
      const reply = await dispatch(core.handlers, 'submitTask', {
        operationId: 'gateway.text2video',
        values,
        extra: {},
      });
      expect(reply.ok).toBe(false);
      if (reply.ok) return;
      expect(reply.error.code).toBe('gateway_bad_request');
      expect(reply.error.message).toContain('invalid model');
      expect(reply.error.message).not.toContain(KEY);
      const page = await core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 10 });
      const failed = page.items[0];
      expect(failed?.status).toBe('failed');
      const detail = await dispatch(core.handlers, 'getTask', { id: failed?.id ?? '' });
      expect(JSON.stringify(detail)).toContain('invalid model');
      expect(JSON.stringify(detail)).not.toContain(KEY);
    });

  it('a poll answer that quotes the key is scrubbed in the task error, its history and raw answer', async () => {
    await useProfile('poller', 'Authorization');
    const values = await valuesFor(core, 'videos.create');
    // The stub accepts the submit, then answers every poll with a 400 quoting the key.
    const task = await core.handlers.submitTask({ operationId: 'videos.create', values, extra: {} });
    await expect
      .poll(async () => JSON.stringify(await core.handlers.getTask({ id: task.id })), { timeout: 10_000 })
      .toContain('poll answered 400');
    const detail = JSON.stringify(await core.handlers.getTask({ id: task.id }));
    expect(detail).toContain('header was Bearer ***');
    expect(detail).not.toContain(KEY);
    expect(
      JSON.stringify(await core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 50 })),
    ).not.toContain(KEY);
  });

  it('nothing reached the logs, and the database file holds no key', async () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(KEY);
    for (const f of readdirSync(dataDir).filter((n) => n.startsWith('atelier.db')))
      expect(readFileSync(join(dataDir, f)).includes(KEY), f).toBe(false);
  });
});
