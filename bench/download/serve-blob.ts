/**
 * Child process of the download bench: serves a deterministic pseudo-random blob over loopback HTTP
 * (Content-Length, Accept-Ranges, single-range 206/416), so the server never shares an event loop with
 * the downloader being measured. Started with `fork`; reports `{ port, size, sha256 }` over IPC.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { createServer } from 'node:http';

const mb = Number(process.argv[2] ?? '512');
const size = Math.round(mb * 1024 * 1024);

/** AES-128-CTR keystream with a fixed key: fast, deterministic, incompressible. */
function makeBlob(bytes: number): Buffer {
  const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16, 0));
  const out = Buffer.allocUnsafe(bytes);
  const zeros = Buffer.alloc(1 << 20);
  for (let off = 0; off < bytes; off += zeros.length) {
    const n = Math.min(zeros.length, bytes - off);
    cipher.update(zeros.subarray(0, n)).copy(out, off);
  }
  return out;
}

const blob = makeBlob(size);
const sha256 = createHash('sha256').update(blob).digest('hex');

const server = createServer((req, res) => {
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  let start = 0;
  let end = size; // exclusive
  if (range) {
    start = Number(range[1]);
    end = range[2] ? Math.min(size, Number(range[2]) + 1) : size;
    if (start >= size || end <= start) {
      res.writeHead(416, { 'content-range': `bytes */${size}`, 'content-length': '0' });
      res.end();
      return;
    }
    res.writeHead(206, {
      'content-type': 'application/octet-stream',
      'content-length': String(end - start),
      'content-range': `bytes ${start}-${end - 1}/${size}`,
      'accept-ranges': 'bytes',
    });
  } else {
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(size),
      'accept-ranges': 'bytes',
    });
  }
  res.end(blob.subarray(start, end));
});

server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
  process.send?.({ port, size, sha256 });
});

process.on('disconnect', () => {
  server.close();
  process.exit(0);
});
