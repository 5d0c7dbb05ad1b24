import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wireGet } from './http1-get';
import { ChunkedDecoder, framingOf, headEnd, parseHead, WireProtocolError } from './http1-parse';
import { chunkedBody } from './hostile-server.test-support';

/** Feeds `bytes` to a decoder in pieces cut at `cuts`; returns the decoded body and whether it ended. */
function decode(bytes: Buffer, cuts: number[]): { body: Buffer; done: boolean; used: number } {
  const d = new ChunkedDecoder();
  const out: Buffer[] = [];
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let prev = 0;
  let used = 0;
  for (const p of [...points, bytes.length]) {
    if (p <= prev) continue;
    const piece = Buffer.from(bytes.subarray(prev, p)); // a fresh buffer per piece, like a reused read buffer
    used += d.feed(piece, 0, piece.length, (b, off, len) =>
      out.push(Buffer.from(b.subarray(off, off + len))),
    );
    piece.fill(0); // the decoder must not keep references into a buffer it was handed
    prev = p;
  }
  return { body: Buffer.concat(out), done: d.done, used };
}

describe('HTTP/1.1 parsing (properties)', () => {
  it('chunked decoding gives back the body for any chunk sizes and any split of the bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 5000 }),
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (raw, sizes, cuts) => {
          const body = Buffer.from(raw);
          const encoded = chunkedBody(body, sizes);
          const got = decode(Buffer.concat([encoded, Buffer.from('HTTP/1.1 200 next')]), cuts);
          expect(got.done).toBe(true);
          expect(got.body.equals(body)).toBe(true);
          expect(got.used).toBe(encoded.length); // stops exactly at the end of the body
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a chunked body cut anywhere before its end is never complete', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 2000 }), fc.nat(), (raw, at) => {
        const encoded = chunkedBody(Buffer.from(raw), [97]);
        const cut = at % encoded.length; // strictly shorter
        let done = false;
        try {
          done = decode(encoded.subarray(0, cut), []).done;
        } catch (e) {
          expect(e).toBeInstanceOf(WireProtocolError);
        }
        expect(done).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('malformed chunk framing throws a protocol error, never decodes garbage', () => {
    for (const bad of ['zz\r\nabc', '\r\n', '3\r\nabcX\r\n0\r\n\r\n', 'ffffffffffffffff\r\n', '3\rX']) {
      expect(() => decode(Buffer.from(bad), []), bad).toThrow(WireProtocolError);
    }
  });

  it('heads: found at any split, headers folded and joined, framing decided as RFC 9112 says', () => {
    const text =
      'HTTP/1.1 206 Partial\r\nContent-Range: bytes 1-2/3\r\nX-A: 1\r\nx-a: 2\r\nX-Fold: a\r\n  b\r\n\r\nBODY';
    const bytes = Buffer.from(text);
    const end = headEnd(bytes, bytes.length);
    expect(bytes.subarray(end).toString()).toBe('BODY');
    for (let cut = 0; cut < end; cut++) expect(headEnd(bytes, cut)).toBe(-1);
    const head = parseHead(bytes.subarray(0, end).toString('latin1'));
    expect(head.status).toBe(206);
    expect(head.headers.get('x-a')).toBe('1, 2');
    expect(head.headers.get('x-fold')).toBe('a b');
    expect(framingOf(head)).toEqual({ kind: 'close' });
    const h = (lines: string): ReturnType<typeof parseHead> =>
      parseHead(`HTTP/1.1 200 OK\r\n${lines}\r\n\r\n`);
    expect(framingOf(h('Content-Length: 5'))).toEqual({ kind: 'length', length: 5 });
    expect(framingOf(h('Transfer-Encoding: chunked\r\nContent-Length: 5'))).toEqual({ kind: 'chunked' });
    expect(framingOf(h('Content-Encoding: gzip'))).toBeNull();
    expect(framingOf(parseHead('HTTP/1.1 204 No Content\r\n\r\n'))).toEqual({ kind: 'none' });
    expect(() => framingOf(h('Content-Length: -1'))).toThrow(WireProtocolError);
    expect(() => h('Content-Length: 5\r\nContent-Length: 6')).toThrow(WireProtocolError);
    expect(() => parseHead('HTTP/2 200\r\n\r\n')).toThrow(WireProtocolError);
    expect(() => h('Bad Header: x')).toThrow(WireProtocolError);
  });
});

const haveOpenssl = ((): boolean => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

// Skipped only where the openssl CLI (used to make a throwaway certificate) is missing.
describe.skipIf(!haveOpenssl)('HTTP/1.1 reader over TLS', () => {
  it('downloads over https with ALPN http/1.1, verifying the certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      expect(existsSync(join(dir, 'cert.pem'))).toBe(true);
      const cert = readFileSync(join(dir, 'cert.pem'));
      const blob = randomBytes(1_500_000);
      let alpn: string | false | null = null;
      const server = createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert, ALPNProtocols: ['h2', 'http/1.1'] },
        (req, res) => {
          alpn =
            req.socket && 'alpnProtocol' in req.socket ? (req.socket.alpnProtocol as string | false) : null;
          res.writeHead(200, { 'content-length': String(blob.length) }).end(blob);
        },
      );
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const port = (server.address() as AddressInfo).port;
        const res = await wireGet({
          url: new URL(`https://localhost:${port}/x`),
          headers: {},
          tls: { ca: cert },
        });
        const h = createHash('sha256');
        await res.pipeTo((b, off, len) => h.update(b.subarray(off, off + len)));
        expect(res.status).toBe(200);
        expect(h.digest('hex')).toBe(createHash('sha256').update(blob).digest('hex'));
        expect(alpn).toBe('http/1.1');
        // without the CA the certificate is refused
        await expect(wireGet({ url: new URL(`https://localhost:${port}/x`), headers: {} })).rejects.toThrow();
      } finally {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
