import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { readBuffers, wireGet } from './http1-get';

/**
 * The read buffers of finished connections serve the next downloads. Over real loopback HTTP: forty files in
 * waves of four, each a different size and content, arrive byte for byte while at most a wave's worth of
 * buffers is ever made (a buffer per download before; a buffer reused too early would mix two files).
 */
let server: Server | null = null;
afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = null;
});

it('forty downloads in waves of four reuse a few read buffers, and every file arrives intact', async () => {
  const files = Array.from({ length: 40 }, (_, i) => randomBytes(50_000 + i * 37_001));
  server = createServer((req, res) => {
    const body = files[Number(req.url?.slice(1))];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': body.length });
    // In pieces, so that a file takes several reads into the buffer.
    let at = 0;
    const more = (): void => {
      if (at >= body.length) return void res.end();
      const piece = body.subarray(at, at + 65_536);
      at += piece.length;
      if (res.write(piece)) setImmediate(more);
      else res.once('drain', more);
    };
    more();
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const before = readBuffers.allocated;
  const fetchOne = async (i: number): Promise<string> => {
    const res = await wireGet({ url: new URL(`http://127.0.0.1:${port}/${i}`), headers: {} });
    const hash = createHash('sha256');
    await res.pipeTo((buf, off, len) => hash.update(buf.subarray(off, off + len)));
    return hash.digest('hex');
  };
  for (let wave = 0; wave < 10; wave++) {
    const indexes = [0, 1, 2, 3].map((k) => wave * 4 + k);
    const got = await Promise.all(indexes.map(fetchOne));
    expect(got).toEqual(indexes.map((i) => createHash('sha256').update(files[i] ?? Buffer.alloc(0)).digest('hex')));
    // Each socket gives its buffer back when it closes: let the closes land before the next wave.
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(readBuffers.allocated - before).toBeLessThanOrEqual(4);
  expect(readBuffers.size).toBeLessThanOrEqual(8);
});
