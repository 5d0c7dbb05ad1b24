import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMultipart, boundaryOf } from '../../sim/multipart';
import { KEY, makePng, startTestSim } from '../../sim/test-helpers';
import type { Simulator } from '../../sim/types';
import { silentLogger } from '../ports';
import { fetchHttpClient } from '../http/fetch-http-client';
import { systemHttpClient } from '../http/system-http-client';
import { GatewayNetworkError, gatewayRequest, type GatewayTarget } from './http';
import type { MultipartForm } from './multipart';

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const deps = { http: systemHttpClient(), now: () => Date.now(), log: silentLogger };

let sim: Simulator;
let dir = '';
beforeAll(async () => {
  sim = await startTestSim();
  dir = mkdtempSync(join(tmpdir(), 'atelier-upload-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const target = (baseUrl: string): GatewayTarget => ({
  baseUrl,
  apiKey: KEY,
  vendor: 'openai',
  gatewayAuthHeader: 'Authorization',
});

/** PNGs of busy pixels (incompressible, several MiB: more than one 1 MiB read each). */
function pngFiles(count: number, side: number): { path: string; bytes: Buffer }[] {
  return Array.from({ length: count }, (_, i) => {
    const noise = randomBytes(side * side * 3);
    const bytes = makePng(side, side, (x, y) => {
      const o = (y * side + x) * 3;
      return [noise[o] ?? i, noise[o + 1] ?? 0, noise[o + 2] ?? 0, 255];
    });
    const path = join(dir, `in-${i}.png`);
    writeFileSync(path, bytes);
    return { path, bytes };
  });
}

describe('multipart uploads streamed from disk (node:http, exact Content-Length)', () => {
  it('an image edit reaches the simulator intact: every file byte, every field, the exact length', async () => {
    const files = pngFiles(3, 700);
    expect(files[0]!.bytes.length).toBeGreaterThan(1 << 20);
    const form: MultipartForm = {
      fields: [
        ['model', 'gpt-image-1.5'],
        ['prompt', 'put "them" on one sheet\nsecond line — 月光'],
        ['size', '256x256'],
      ],
      files: files.map((f, i) => ({
        name: 'image[]',
        path: f.path,
        filename: `photo "${i}".png`,
        type: 'image/png',
      })),
    };
    const before = sim.log.length;
    const res = await gatewayRequest(
      target(sim.baseUrl),
      { method: 'POST', path: '/v1/images/edits', body: { multipart: form } },
      deps,
    );
    expect(res.status).toBe(200);
    const entry = sim.log.slice(before).find((e) => e.path === '/v1/images/edits');
    expect(entry?.headers['transfer-encoding']).toBeUndefined();
    expect(entry?.form).toMatchObject({
      model: 'gpt-image-1.5',
      prompt: 'put "them" on one sheet\r\nsecond line — 月光',
    });
    expect(entry?.files).toEqual(
      files.map((f, i) => ({
        field: 'image[]',
        filename: `photo %22${i}%22.png`,
        size: f.bytes.length,
        contentType: 'image/png',
        sha256: sha(f.bytes),
      })),
    );
  });

  it('sends exactly Content-Length bytes, not chunked, and the bytes parse back to the same parts', async () => {
    const big = randomBytes(3 * (1 << 20) + 12345);
    const small = randomBytes(10);
    writeFileSync(join(dir, 'big.bin'), big);
    writeFileSync(join(dir, 'small.bin'), small);
    let seen: {
      type: string;
      declared: string | undefined;
      te: string | undefined;
      received: Buffer;
    } | null = null;
    const server: Server = createServer((req: IncomingMessage, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        seen = {
          type: req.headers['content-type'] ?? '',
          declared: req.headers['content-length'],
          te: req.headers['transfer-encoding'],
          received: Buffer.concat(parts),
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await gatewayRequest(
        target(base),
        {
          method: 'POST',
          path: '/v1/images/edits',
          body: {
            multipart: {
              fields: [['a', '1']],
              files: [
                { name: 'big', path: join(dir, 'big.bin'), filename: 'big.bin', type: '' },
                { name: 'small', path: join(dir, 'small.bin'), filename: 'small.bin', type: 'text/plain' },
              ],
            },
          },
        },
        deps,
      );
      expect(res.body).toEqual({ ok: true });
      const got = seen as unknown as {
        type: string;
        declared: string;
        te: string | undefined;
        received: Buffer;
      };
      expect(got.te).toBeUndefined();
      expect(Number(got.declared)).toBe(got.received.length);
      // …and the declared length is the whole body: it ends with the closing delimiter, nothing after it.
      expect(got.received.subarray(-(boundaryOf(got.type)?.length ?? 0) - 6).toString('latin1')).toBe(
        `--${boundaryOf(got.type)}--\r\n`,
      );
      // Parse what arrived with the simulator's own multipart parser.
      const req = Object.assign(
        (async function* () {
          yield got.received;
        })(),
        { headers: {} },
      ) as unknown as IncomingMessage;
      const parsed = await parseMultipart(req, boundaryOf(got.type) ?? '', 64 << 20);
      expect(parsed.fields.get('a')).toEqual(['1']);
      expect(parsed.files.map((f) => [f.field, f.contentType, sha(f.data)])).toEqual([
        ['big', 'application/octet-stream', sha(big)],
        ['small', 'text/plain', sha(small)],
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('keeps the error mapping: refused → not sent; a missing file → not sent; an injected fetch still gets FormData', async () => {
    const missing = await gatewayRequest(
      target('http://127.0.0.1:1'),
      { method: 'POST', path: '/v1/images/edits', body: { multipart: { fields: [], files: [] } } },
      deps,
    ).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GatewayNetworkError);
    expect((missing as GatewayNetworkError).maybeSent).toBe(false);

    const gone = await gatewayRequest(
      target(sim.baseUrl),
      {
        method: 'POST',
        path: '/v1/images/edits',
        body: {
          multipart: {
            fields: [],
            files: [{ name: 'image', path: join(dir, 'nope.png'), filename: 'x', type: '' }],
          },
        },
      },
      deps,
    ).catch((e: unknown) => e);
    expect((gone as GatewayNetworkError).maybeSent).toBe(false);

    const seenBodies: string[] = [];
    const injected: typeof fetch = (input, init) => {
      seenBodies.push(init?.body instanceof FormData ? 'form' : typeof init?.body);
      return fetch(input, init);
    };
    const [file] = pngFiles(1, 64);
    const res = await gatewayRequest(
      target(sim.baseUrl),
      {
        method: 'POST',
        path: '/v1/images/edits',
        body: {
          multipart: {
            fields: [
              ['model', 'gpt-image-1.5'],
              ['prompt', 'a fox'],
            ],
            files: [{ name: 'image', path: file!.path, filename: 'a.png', type: 'image/png' }],
          },
        },
      },
      { ...deps, http: fetchHttpClient(injected) },
    );
    expect(res.status).toBe(200);
    expect(seenBodies).toEqual(['form']);
  });
  it('times out as before: a gateway that reads the upload but never answers → maybe sent, "timeout"', async () => {
    const server: Server = createServer((req) => req.resume()); // reads everything, answers nothing
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      writeFileSync(join(dir, 't.bin'), randomBytes(2 << 20));
      const err = await gatewayRequest(
        target(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        {
          method: 'POST',
          path: '/v1/images/edits',
          timeoutMs: 300,
          body: {
            multipart: {
              fields: [],
              files: [{ name: 'f', path: join(dir, 't.bin'), filename: 't', type: '' }],
            },
          },
        },
        deps,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayNetworkError);
      expect((err as GatewayNetworkError).maybeSent).toBe(true);
      expect((err as GatewayNetworkError).message).toMatch(/timeout/i);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
