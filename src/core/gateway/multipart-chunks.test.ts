import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMultipart, boundaryOf } from '../../sim/multipart';
import { systemHttpClient } from '../http/system-http-client';
import { silentLogger } from '../ports';
import { gatewayRequest } from './http';
import { prepareMultipart, READ_BYTES, type MultipartForm } from './multipart';

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-chunks-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): MultipartForm['files'][number] {
  writeFileSync(join(dir, name), bytes);
  return { name: 'image[]', path: join(dir, name), filename: name, type: 'image/png' };
}

describe('multipart body chunks (issue 31: two read buffers in turn, the next read ahead of the socket)', () => {
  it('reads every file into the same two buffers, and a chunk copied before the next pull is the file', async () => {
    const a = randomBytes(4 * READ_BYTES + 777);
    const b = randomBytes(2 * READ_BYTES + 5);
    const form: MultipartForm = { fields: [['model', 'm']], files: [file('a.png', a), file('b.png', b)] };
    const prepared = await prepareMultipart(form);
    const copies: Buffer[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const chunk of prepared.chunks()) {
      // The consumer's side of the contract: done with a chunk (here: copied) before it asks for the next.
      copies.push(Buffer.from(chunk));
      if (chunk.length >= 777) buffers.add(chunk.buffer);
    }
    const body = Buffer.concat(copies);
    expect(body.length).toBe(prepared.length);
    expect(body.indexOf(a)).toBeGreaterThan(0);
    expect(body.indexOf(b)).toBeGreaterThan(body.indexOf(a));
    // 8 file reads of up to 1 MiB, 2 buffers: not a fresh 1 MiB allocation per read.
    expect(buffers.size).toBe(2);
  });

  it('a file that shrank after it was measured fails the body, and a consumer that stops early leaves no read behind', async () => {
    const shrinking = file('shrinks.png', randomBytes(3 * READ_BYTES));
    const prepared = await prepareMultipart({ fields: [], files: [shrinking] });
    truncateSync(shrinking.path, READ_BYTES + 10);
    const pulls = async (): Promise<void> => {
      for await (const chunk of prepared.chunks()) void chunk;
    };
    await expect(pulls()).rejects.toThrow(/became shorter/);
    const whole = await prepareMultipart({
      fields: [],
      files: [file('whole.png', randomBytes(3 * READ_BYTES))],
    });
    let seen = 0;
    for await (const chunk of whole.chunks()) if (++seen === 2 && chunk.length > 0) break; // the head, one read
    expect(seen).toBe(2);
  });

  it('a server that reads slowly still gets every byte: a buffer is read into again only once it is on the socket', async () => {
    const files = [
      file('slow-1.png', randomBytes(6 * READ_BYTES + 3)),
      file('slow-2.png', randomBytes(5 * READ_BYTES)),
    ];
    let received: { type: string; body: Buffer } | null = null;
    const server = createServer((req, res) => {
      // Read nothing for a while, then in small sips: the socket fills and the client's writes queue up.
      req.pause();
      const parts: Buffer[] = [];
      setTimeout(() => {
        req.on('data', (c: Buffer) => {
          parts.push(c);
          req.pause();
          setTimeout(() => req.resume(), 1);
        });
        req.resume();
      }, 150);
      req.on('end', () => {
        received = { type: req.headers['content-type'] ?? '', body: Buffer.concat(parts) };
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await gatewayRequest(
        { baseUrl: base, apiKey: 'k', vendor: 'openai', gatewayAuthHeader: 'Authorization' },
        {
          method: 'POST',
          path: '/v1/images/edits',
          body: { multipart: { fields: [['model', 'm']], files } },
        },
        { http: systemHttpClient(), now: () => Date.now(), log: silentLogger },
      );
      expect(res.body).toEqual({ ok: true });
      const got = received as unknown as { type: string; body: Buffer };
      const req = Object.assign(
        (async function* () {
          yield got.body;
        })(),
        { headers: {} },
      ) as unknown as Parameters<typeof parseMultipart>[0];
      const parsed = await parseMultipart(req, boundaryOf(got.type) ?? '', 64 << 20);
      expect(parsed.files.map((f) => sha(f.data))).toEqual(
        ['slow-1.png', 'slow-2.png'].map((n) => sha(readFileSync(join(dir, n)))),
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
