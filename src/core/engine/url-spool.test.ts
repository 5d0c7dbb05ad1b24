import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoolUrl } from './url-spool';

/** Issue 13: a link given as an input is streamed to disk with a cap, never buffered whole. */
let server: Server;
let base = '';
const dir = mkdtempSync(join(tmpdir(), 'atelier-spool-'));
const MB = 1024 * 1024;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunk = Buffer.alloc(64 * 1024, 7);
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(3 * MB), 'content-type': 'image/png' });
      return void res.end(Buffer.alloc(3 * MB));
    }
    // `/endless`: no length, keeps sending until the client gives up.
    res.writeHead(200, { 'content-type': req.url === '/small' ? 'image/png' : 'application/octet-stream' });
    if (req.url === '/small') return void res.end(Buffer.alloc(100 * 1024, 1));
    const push = () => {
      while (res.write(chunk));
    };
    res.on('drain', push);
    res.on('error', () => undefined);
    push();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('URL inputs', () => {
  it('a file within the cap lands in a temp file, whose path and type are answered; cleanup removes it', async () => {
    const { path, type, cleanup } = await spoolUrl(`${base}/small`, dir, fetch, MB);
    expect(statSync(path).size).toBe(100 * 1024);
    expect(type).toBe('image/png');
    expect(readdirSync(dir)).toHaveLength(1);
    cleanup();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a declared size over the cap before reading, and an endless stream once it passes the cap', async () => {
    await expect(spoolUrl(`${base}/declared`, dir, fetch, MB)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(spoolUrl(`${base}/endless`, dir, fetch, 8 * MB)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    // The partial temp file is removed.
    expect(readdirSync(dir)).toEqual([]);
  });
});
