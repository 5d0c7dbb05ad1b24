import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../download-file';
import { wireGet } from './http1-get';
import { DownloadHttpError } from '../errors';
import type { DownloadOptions } from '../types';
import { chunkedBody, honest, HostileServer, rangeStart, writeInPieces } from './hostile-server.test-support';

/**
 * Fault tests of the download path through the HTTP/1.1 reader (no fetch): a raw TCP server writes exact
 * bytes. Every request is checked to come from the reader (it alone says `User-Agent: Atelier`).
 */
const BLOB = randomBytes(2 * 1024 * 1024 + 777);
const SHA = createHash('sha256').update(BLOB).digest('hex');
const server = new HostileServer();
const other = new HostileServer();
const fast: Partial<DownloadOptions> = { backoff: { baseMs: 5, maxMs: 20 } };
let dir = '';
let temp = '';

beforeAll(async () => {
  await server.start();
  await other.start();
});
afterAll(async () => {
  await server.stop();
  await other.stop();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-wire-'));
  temp = join(dir, 'f.part');
});
afterEach(async () => {
  expect(server.log.every((r) => r.headers['user-agent'] === 'Atelier')).toBe(true);
  await rm(dir, { recursive: true, force: true });
});

const url = (): string => `${server.origin}/files/r.png?sig=1`;
const fileSha = async (): Promise<string> =>
  createHash('sha256')
    .update(await readFile(temp))
    .digest('hex');
const head200 = (extra = ''): string =>
  `HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: ${BLOB.length}\r\n${extra}\r\n`;

describe('downloads through the HTTP/1.1 reader', () => {
  it('truncation: a body cut short of Content-Length is resumed with Range', async () => {
    const cut = 700_001;
    server.reset(
      [(s) => s.end(Buffer.concat([Buffer.from(head200()), BLOB.subarray(0, cut)]))],
      honest(BLOB),
    );
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(out).toEqual({ size: BLOB.length, sha256: SHA, contentType: 'image/png', head: Uint8Array.from(BLOB.subarray(0, 64)) });
    expect(server.log.map((r) => r.headers.range)).toEqual([undefined, `bytes=${cut}-`]);
    expect(await fileSha()).toBe(SHA);
  });

  it('reset: a connection reset mid-body is retried from what arrived', async () => {
    server.reset(
      [
        (s) => {
          s.write(head200());
          s.write(BLOB.subarray(0, 300_000), () => setTimeout(() => s.resetAndDestroy(), 20));
        },
        (s) => s.resetAndDestroy(), // and one before any byte
      ],
      honest(BLOB),
    );
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log).toHaveLength(3);
    expect(rangeStart(server.log[2]!)).toBeGreaterThan(0);
  });

  it('chunked: random chunk sizes, extensions and a trailer, split at random points, arrive intact', async () => {
    for (let round = 0; round < 6; round++) {
      const sizes = Array.from({ length: 5 }, () => 1 + Math.floor(Math.random() * 300_000));
      const body = chunkedBody(BLOB, sizes);
      const head = Buffer.from(
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: image/png\r\n\r\n',
      );
      const bytes = Buffer.concat([head, body]);
      const cuts = Array.from({ length: 12 }, () => Math.floor(Math.random() * bytes.length));
      cuts.push(3, head.length - 1, head.length + 1); // inside the head, around its end
      server.reset([(s) => writeInPieces(s, bytes, cuts)]);
      await rm(temp, { force: true });
      const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
      expect(out.sha256, `sizes ${sizes.join(',')}`).toBe(SHA);
      expect(server.log).toHaveLength(1);
    }
  });

  it('chunked: a body cut before its last chunk is not taken as complete', async () => {
    const body = chunkedBody(BLOB, [100_000]);
    const head = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    server.reset(
      [(s) => s.end(Buffer.concat([Buffer.from(head), body.subarray(0, body.length - 30)]))],
      honest(BLOB),
    );
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log).toHaveLength(2);
    expect(rangeStart(server.log[1]!)).toBeGreaterThan(0);
  });

  it('redirects: followed; the key goes along on the same origin and never to another one', async () => {
    other.reset([], honest(BLOB));
    server.reset([
      (s) => s.end('HTTP/1.1 302 Found\r\nLocation: /moved/r.png\r\nContent-Length: 0\r\n\r\n'),
      (s) =>
        s.end(
          `HTTP/1.1 307 Temporary Redirect\r\nLocation: ${other.origin}/cdn/r.png\r\nContent-Length: 3\r\n\r\nabc`,
        ),
    ]);
    const out = await downloadFile({
      url: url(),
      tempPath: temp,
      headers: { Authorization: 'Bearer sk-secret', 'X-Api-Key': 'sk-secret' },
      ...fast,
    });
    expect(out.sha256).toBe(SHA);
    expect(server.log.map((r) => [r.line, r.headers.authorization, r.headers['x-api-key']])).toEqual([
      ['GET /files/r.png?sig=1 HTTP/1.1', 'Bearer sk-secret', 'sk-secret'],
      ['GET /moved/r.png HTTP/1.1', 'Bearer sk-secret', 'sk-secret'],
    ]);
    expect(other.log).toHaveLength(1);
    expect(other.log[0]?.line).toBe('GET /cdn/r.png HTTP/1.1');
    expect(JSON.stringify(other.log)).not.toContain('sk-secret');
  });

  it('Range ignored: a 200 answer to a Range request restarts the file from zero', async () => {
    const cut = 123_456;
    server.reset([
      (s) => s.end(Buffer.concat([Buffer.from(head200()), BLOB.subarray(0, cut)])),
      (s) => s.end(Buffer.concat([Buffer.from(head200()), BLOB])), // ignores bytes=123456-
    ]);
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(server.log[1]?.headers.range).toBe(`bytes=${cut}-`);
    expect(out).toMatchObject({ size: BLOB.length, sha256: SHA });
    expect((await stat(temp)).size).toBe(BLOB.length);
    expect(await fileSha()).toBe(SHA);
  });

  it('416: a temp file that is already whole completes without a body', async () => {
    server.reset([honest(BLOB)]);
    await downloadFile({ url: url(), tempPath: temp, ...fast });
    server.reset([honest(BLOB)]);
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(server.log.map((r) => r.headers.range)).toEqual([`bytes=${BLOB.length}-`]);
    expect(out.sha256).toBe(SHA);
  });

  it('slow body: a stalled connection is abandoned after idleTimeoutMs and resumed', async () => {
    server.reset(
      [(s) => s.write(Buffer.concat([Buffer.from(head200()), BLOB.subarray(0, 5000)]))],
      honest(BLOB),
    );
    const out = await downloadFile({ url: url(), tempPath: temp, idleTimeoutMs: 200, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log.map((r) => r.headers.range)).toEqual([undefined, 'bytes=5000-']);
  });

  it('a connection closed (FIN) before or inside the head is retried at once, not after the idle timeout', async () => {
    server.reset([(s) => s.end(), (s) => s.end('HTTP/1.1 200 OK\r\nContent-Le')], honest(BLOB));
    const out = await downloadFile({ url: url(), tempPath: temp, idleTimeoutMs: 60_000, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log).toHaveLength(3);
  });

  it('a silent server (no head at all) times out the same way', async () => {
    server.reset([() => undefined], honest(BLOB));
    const out = await downloadFile({ url: url(), tempPath: temp, idleTimeoutMs: 200, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log).toHaveLength(2);
  });

  it('skips 1xx interim answers; a garbage head is retried; a 401 is not', async () => {
    server.reset([
      (s) => s.end('HTTP/1.1 200 OK\r\nContent-Length: nope\r\n\r\n'),
      (s) => s.end('SSH-2.0-OpenSSH\r\n\r\n'),
      (s) => {
        s.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n');
        honest(BLOB)(s, { line: '', headers: {} });
      },
    ]);
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log).toHaveLength(3);

    server.reset([(s) => s.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 12\r\n\r\nbad key here')]);
    const err = await downloadFile({ url: url(), tempPath: join(dir, 'g.part'), ...fast }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DownloadHttpError);
    expect((err as DownloadHttpError).message).toContain('bad key here');
    expect(server.log).toHaveLength(1);
  });

  it('a close-delimited body (no length, no chunking) ends at the close', async () => {
    server.reset([
      (s) => writeInPieces(s, Buffer.concat([Buffer.from('HTTP/1.0 200 OK\r\n\r\n'), BLOB]), [10, 99_999]),
    ]);
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(out).toMatchObject({ size: BLOB.length, sha256: SHA, contentType: null });
  });

  it('a gzip-encoded answer (sent despite identity) is fetched again through fetch, which decodes it', async () => {
    const gz = gzipSync(BLOB);
    const gzipped = (s: Socket): void => {
      s.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n'),
          gz,
        ]),
      );
    };
    server.reset([gzipped, gzipped]);
    const out = await downloadFile({ url: url(), tempPath: temp, ...fast });
    expect(out.sha256).toBe(SHA);
    expect(server.log).toHaveLength(2);
    expect(server.log[1]?.headers['user-agent']).not.toBe('Atelier'); // the second one was fetch's
    server.log = server.log.slice(0, 1);
  });
});

describe('backpressure: the reader pauses while the sink asks it to', () => {
  it('reading stops while `ready` holds a promise and goes on (to the last byte) once it settles', async () => {
    const big = randomBytes(24 << 20);
    server.reset([], honest(big));
    const res = await wireGet({ url: new URL(url()), headers: {} });
    let received = 0;
    let hold: (() => void) | null = null;
    const held = new Promise<void>((r) => (hold = r));
    let asked = false;
    const hash = createHash('sha256');
    const piped = res.pipeTo(
      (buf, off, len) => {
        received += len;
        hash.update(buf.subarray(off, off + len));
      },
      () => {
        if (asked || received < 2 << 20) return null;
        asked = true; // once past 2 MiB: "wait"
        return held;
      },
    );
    // Wait until the hold began (under load the first 2 MiB can take longer than any fixed pause).
    for (let i = 0; !asked && i < 400; i++) await new Promise((r) => setTimeout(r, 25));
    expect(asked).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    const whileHeld = received;
    await new Promise((r) => setTimeout(r, 150));
    // Nothing more was read while held (the kernel buffers what the server sent meanwhile).
    expect(received).toBe(whileHeld);
    expect(received).toBeLessThan(big.length);
    (hold as unknown as () => void)();
    await piped;
    expect(received).toBe(big.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
  });

  it('a rejected wait (the disk failed) ends the body with that error', async () => {
    server.reset([], honest(randomBytes(8 << 20)));
    const res = await wireGet({ url: new URL(url()), headers: {} });
    let n = 0;
    const err = await res
      .pipeTo(
        () => n++,
        () => (n > 2 ? Promise.reject(new Error('ENOSPC: no space left on device')) : null),
      )
      .catch((e: unknown) => e);
    expect(String(err)).toMatch(/ENOSPC/);
  });
});
