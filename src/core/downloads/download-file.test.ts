import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from './download-file';
import { fetchTransport } from './transport';
import {
  DownloadAbortedError,
  DownloadHttpError,
  DownloadIncompleteError,
  DownloadSizeMismatchError,
  ExpiredUrlError,
} from './errors';
import type { DownloadOptions } from './types';

/** What the test server does with one request. */
type Mode =
  | 'ok' // honour Range
  | 'truncate' // promise the full Content-Length, send a third of it, end the socket
  | 'ignore-range' // always 200 with the whole blob
  | 'slow' // honour Range, 16 KiB every 20 ms
  | 'reset' // destroy the socket before any answer
  | 'no-length' // 200, chunked, no Content-Length
  | 403
  | 404
  | 410
  | 401
  | 429
  | 500
  | 503;

interface LoggedRequest {
  range: string | undefined;
  authorization: string | undefined;
  acceptEncoding: string | undefined;
  at: number;
  mode: Mode;
}

const BLOB = randomBytes(3 * 1024 * 1024 + 123);
const BLOB_SHA = createHash('sha256').update(BLOB).digest('hex');
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** A tiny scripted HTTP server: each request takes the next mode of `plan`, then `fallback`. */
class TestServer {
  plan: Mode[] = [];
  fallback: Mode = 'ok';
  log: LoggedRequest[] = [];
  retryAfter = '1';
  private server: Server = createServer((req, res) => this.handle(req, res));

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/files/result.png?sig=abc`;
  }
  reset(plan: Mode[], fallback: Mode = 'ok'): void {
    this.plan = plan;
    this.fallback = fallback;
    this.log = [];
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const mode = this.plan.shift() ?? this.fallback;
    this.log.push({
      range: req.headers.range,
      authorization: req.headers.authorization,
      acceptEncoding: req.headers['accept-encoding'],
      at: performance.now(),
      mode,
    });
    if (mode === 'reset') {
      req.socket.destroy();
      return;
    }
    if (typeof mode === 'number') {
      const headers: Record<string, string> = { 'content-type': 'text/plain' };
      if (mode === 429 || mode === 503) headers['retry-after'] = this.retryAfter;
      res.writeHead(mode, headers);
      res.end(mode === 403 ? 'AccessDenied: Request has expired' : `error ${mode}`);
      return;
    }
    const base = { 'content-type': 'image/png', 'accept-ranges': 'bytes' };
    if (mode === 'no-length') {
      res.writeHead(200, base);
      res.end(BLOB);
      return;
    }
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = mode !== 'ignore-range' && m ? Number(m[1]) : 0;
    if (start >= BLOB.length) {
      res.writeHead(416, { 'content-range': `bytes */${BLOB.length}`, 'content-length': '0' });
      res.end();
      return;
    }
    const body = BLOB.subarray(start);
    if (start > 0) {
      res.writeHead(206, {
        ...base,
        'content-length': String(body.length),
        'content-range': `bytes ${start}-${BLOB.length - 1}/${BLOB.length}`,
      });
    } else {
      res.writeHead(200, { ...base, 'content-length': String(body.length) });
    }
    if (mode === 'truncate') {
      res.write(body.subarray(0, Math.floor(body.length / 3)), () => res.socket?.end());
      return;
    }
    if (mode === 'slow') {
      let off = 0;
      const tick = (): void => {
        if (res.destroyed) return;
        if (off >= body.length) {
          res.end();
          return;
        }
        res.write(body.subarray(off, off + 16384));
        off += 16384;
        setTimeout(tick, 20);
      };
      tick();
      return;
    }
    res.end(body);
  }
}

const server = new TestServer();
let dir = '';
let temp = '';
const fast: Partial<DownloadOptions> = { backoff: { baseMs: 5, maxMs: 20 } };

beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-dl-'));
  temp = join(dir, 'partial', 'task-1.part');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('downloadFile', () => {
  it('streams a file, checks Content-Length and reports sha256, content type and progress', async () => {
    server.reset([]);
    const calls: Array<[number, number | null]> = [];
    const out = await downloadFile({
      url: server.url,
      tempPath: temp,
      headers: { Authorization: 'Bearer sk-test' },
      onProgress: (r, t) => calls.push([r, t]),
      ...fast,
    });
    expect(out).toEqual({ size: BLOB.length, sha256: BLOB_SHA, contentType: 'image/png', head: Uint8Array.from(BLOB.subarray(0, 64)) });
    expect(sha(await readFile(temp))).toBe(BLOB_SHA);
    expect(server.log).toHaveLength(1);
    expect(server.log[0]?.authorization).toBe('Bearer sk-test');
    expect(server.log[0]?.acceptEncoding).toBe('identity');
    expect(server.log[0]?.range).toBeUndefined();
    expect(calls.at(-1)).toEqual([BLOB.length, BLOB.length]);
    expect(calls.length).toBeLessThan(20); // throttled
  });

  it('resumes a truncated body with Range and ends with the identical sha256', async () => {
    server.reset(['truncate', 'truncate']);
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(out.sha256).toBe(BLOB_SHA);
    expect(out.size).toBe(BLOB.length);
    expect(server.log).toHaveLength(3);
    const first = Math.floor(BLOB.length / 3);
    const second = first + Math.floor((BLOB.length - first) / 3);
    expect(server.log.map((r) => r.range)).toEqual([undefined, `bytes=${first}-`, `bytes=${second}-`]);
    expect(sha(await readFile(temp))).toBe(BLOB_SHA);
  });

  it('restarts cleanly from zero when the server ignores Range', async () => {
    server.reset(['truncate', 'ignore-range']);
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(server.log[1]?.range).toBe(`bytes=${Math.floor(BLOB.length / 3)}-`);
    expect(out).toMatchObject({ size: BLOB.length, sha256: BLOB_SHA });
    expect((await stat(temp)).size).toBe(BLOB.length);
    expect(sha(await readFile(temp))).toBe(BLOB_SHA);
  });

  it('throws ExpiredUrlError on 403 and keeps the partial, which a fresh URL then resumes', async () => {
    server.reset(['truncate', 403]);
    const err = await downloadFile({ url: server.url, tempPath: temp, ...fast }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExpiredUrlError);
    const kept = Math.floor(BLOB.length / 3);
    expect((err as ExpiredUrlError).status).toBe(403);
    expect((err as ExpiredUrlError).received).toBe(kept);
    expect((await stat(temp)).size).toBe(kept);

    server.reset([]);
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(server.log[0]?.range).toBe(`bytes=${kept}-`);
    expect(out.sha256).toBe(BLOB_SHA);
  });

  it.each([404, 410] as const)('treats %i as an expired URL', async (status) => {
    server.reset([status]);
    await expect(downloadFile({ url: server.url, tempPath: temp, ...fast })).rejects.toBeInstanceOf(
      ExpiredUrlError,
    );
  });

  it('resumes from an existing temp file (app restart), hashing the prefix first', async () => {
    await downloadFile({ url: server.url, tempPath: temp, ...fast }); // creates the folder
    await writeFile(temp, BLOB.subarray(0, 1_000_000));
    server.reset([]);
    const progress: number[] = [];
    const out = await downloadFile({
      url: server.url,
      tempPath: temp,
      onProgress: (r) => progress.push(r),
      ...fast,
    });
    expect(server.log.map((r) => r.range)).toEqual(['bytes=1000000-']);
    // No `head`: the file began with a prefix from the disk, which this download did not see.
    expect(out).toEqual({ size: BLOB.length, sha256: BLOB_SHA, contentType: 'image/png' });
    expect(progress.every((r) => r >= 1_000_000)).toBe(true);
  });

  it('finishes without transferring when the temp file is already complete (416)', async () => {
    await downloadFile({ url: server.url, tempPath: temp, ...fast });
    server.reset([]);
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(server.log.map((r) => r.range)).toEqual([`bytes=${BLOB.length}-`]);
    expect(out.sha256).toBe(BLOB_SHA);
  });

  it('trusts expectedSize for a complete temp file and checks it against the server', async () => {
    await downloadFile({ url: server.url, tempPath: temp, ...fast });
    server.reset([403]);
    const out = await downloadFile({ url: server.url, tempPath: temp, expectedSize: BLOB.length, ...fast });
    expect(out.sha256).toBe(BLOB_SHA);
    expect(server.log).toHaveLength(0);

    await rm(temp);
    server.reset([]);
    const err = await downloadFile({ url: server.url, tempPath: temp, expectedSize: 10, ...fast }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DownloadSizeMismatchError);
  });

  it('aborts, keeping the partial file', async () => {
    server.reset(['slow']);
    const ac = new AbortController();
    const err = await downloadFile({
      url: server.url,
      tempPath: temp,
      signal: ac.signal,
      onProgress: (r) => {
        if (r > 100_000) ac.abort();
      },
      ...fast,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadAbortedError);
    const size = (await stat(temp)).size;
    expect(size).toBeGreaterThan(100_000);
    expect(size).toBeLessThan(BLOB.length);
    expect((err as DownloadAbortedError).received).toBe(size);

    const pre = new AbortController();
    pre.abort();
    await expect(
      downloadFile({ url: server.url, tempPath: temp, signal: pre.signal }),
    ).rejects.toBeInstanceOf(DownloadAbortedError);
  });

  it('retries connection resets and 5xx with backoff', async () => {
    server.reset(['reset', 500, 'reset', 'truncate', 503]);
    server.retryAfter = '0';
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(out.sha256).toBe(BLOB_SHA);
    expect(server.log).toHaveLength(6);
  });

  it('honours Retry-After on 429', async () => {
    server.reset([429]);
    server.retryAfter = '1';
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(out.sha256).toBe(BLOB_SHA);
    const [a, b] = server.log;
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(990);
  });

  it('gives up with DownloadIncompleteError after maxAttempts attempts without progress', async () => {
    server.reset(['truncate'], 500);
    const err = await downloadFile({ url: server.url, tempPath: temp, maxAttempts: 3, ...fast }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DownloadIncompleteError);
    expect((err as DownloadIncompleteError).received).toBe(Math.floor(BLOB.length / 3));
    expect((err as DownloadIncompleteError).total).toBe(BLOB.length);
    expect(server.log).toHaveLength(4); // 1 with progress + 3 without
  });

  it('does not retry a 401', async () => {
    server.reset([401]);
    const err = await downloadFile({ url: server.url, tempPath: temp, ...fast }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadHttpError);
    expect(server.log).toHaveLength(1);
  });

  it('accepts a body without Content-Length', async () => {
    server.reset(['no-length']);
    const out = await downloadFile({ url: server.url, tempPath: temp, ...fast });
    expect(out.sha256).toBe(BLOB_SHA);
  });

  it('resumes a body that ends cleanly but short of Content-Length (through a fetch transport)', async () => {
    const ranges: Array<string | null> = [];
    const fetchImpl: typeof fetch = async (_input, init) => {
      const range = new Headers(init?.headers).get('range');
      ranges.push(range);
      if (range === null) {
        return new Response(BLOB.subarray(0, 1000), {
          status: 200,
          headers: { 'content-length': String(BLOB.length), 'content-type': 'video/mp4' },
        });
      }
      const from = Number(/bytes=(\d+)-/.exec(range)?.[1]);
      return new Response(BLOB.subarray(from), {
        status: 206,
        headers: { 'content-range': `bytes ${from}-${BLOB.length - 1}/${BLOB.length}` },
      });
    };
    const out = await downloadFile({ url: 'http://example.invalid/v', tempPath: temp, transport: fetchTransport(fetchImpl), ...fast });
    expect(ranges).toEqual([null, 'bytes=1000-']);
    expect(out).toEqual({ size: BLOB.length, sha256: BLOB_SHA, contentType: 'video/mp4', head: Uint8Array.from(BLOB.subarray(0, 64)) });
  });

  it('abandons a stalled attempt after idleTimeoutMs and resumes', async () => {
    let calls = 0;
    const fetchImpl: typeof fetch = async (_input, init) => {
      calls += 1;
      if (calls === 1) {
        const stalled = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new Uint8Array(BLOB.subarray(0, 500)));
            init?.signal?.addEventListener('abort', () => c.error(init.signal?.reason));
          },
        });
        return new Response(stalled, { status: 200, headers: { 'content-length': String(BLOB.length) } });
      }
      return new Response(BLOB.subarray(500), {
        status: 206,
        headers: { 'content-range': `bytes 500-${BLOB.length - 1}/${BLOB.length}` },
      });
    };
    const out = await downloadFile({
      url: 'http://x.invalid/',
      tempPath: temp,
      transport: fetchTransport(fetchImpl),
      idleTimeoutMs: 100,
      ...fast,
    });
    expect(calls).toBe(2);
    expect(out.sha256).toBe(BLOB_SHA);
  });
});
