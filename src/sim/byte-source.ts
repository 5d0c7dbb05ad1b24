import { createHash } from 'node:crypto';

/** Bytes a result URL serves; read() yields the half-open range [start, end) in chunks. */
export interface ByteSource {
  size: number;
  contentType: string;
  read(start: number, end: number): Iterable<Buffer>;
}

const CHUNK = 64 * 1024;

export function bufferSource(buf: Buffer, contentType: string): ByteSource {
  return {
    size: buf.length,
    contentType,
    *read(start, end) {
      for (let at = start; at < end; at += CHUNK) yield buf.subarray(at, Math.min(end, at + CHUNK));
    },
  };
}

/** Fills one 64 KiB block of the blob; the content depends only on the block index, so any range is reproducible without storing the blob. */
function blobBlock(index: number): Buffer {
  const block = Buffer.allocUnsafe(CHUNK);
  let x = (index * 0x9e3779b1 + 0x7f4a7c15) >>> 0 || 1;
  for (let i = 0; i < CHUNK; i += 4) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    block.writeUInt32LE(x, i);
  }
  return block;
}

/** A deterministic pseudo-random blob of `size` bytes generated on the fly (benchmarks, large downloads). */
export function blobSource(size: number, contentType = 'application/octet-stream'): ByteSource {
  let cached: { index: number; block: Buffer } | undefined;
  const blockAt = (index: number): Buffer => {
    if (cached?.index !== index) cached = { index, block: blobBlock(index) };
    return cached.block;
  };
  return {
    size,
    contentType,
    *read(start, end) {
      let at = start;
      while (at < end) {
        const index = Math.floor(at / CHUNK);
        const offset = at - index * CHUNK;
        const len = Math.min(CHUNK - offset, end - at);
        // A subarray stays valid after the cache moves on: the old block is simply kept alive by it.
        yield blockAt(index).subarray(offset, offset + len);
        at += len;
      }
    },
  };
}

/**
 * A blob that is a well-formed MP4 on the outside: an `ftyp` box, then one `mdat` box holding the blob's
 * bytes, so clients that check a video's magic bytes (and walk its boxes) accept it. Benchmarks and
 * placeholders use it for video results.
 */
export function mp4BlobSource(size: number): ByteSource {
  const head = Buffer.alloc(24);
  head.writeUInt32BE(16, 0);
  head.write('ftypisom', 4, 'latin1');
  head.writeUInt32BE(0x200, 12);
  head.writeUInt32BE(Math.max(0, Math.min(size, 0xffffffff) - 16), 16);
  head.write('mdat', 20, 'latin1');
  const blob = blobSource(size, 'video/mp4');
  if (size < head.length) return blob;
  return {
    size,
    contentType: 'video/mp4',
    *read(start, end) {
      if (start < head.length) yield head.subarray(start, Math.min(end, head.length));
      if (end > head.length) yield* blob.read(Math.max(start, head.length), end);
    },
  };
}

export function describeSource(source: ByteSource): { sha256: string; size: number } {
  const hash = createHash('sha256');
  for (const chunk of source.read(0, source.size)) hash.update(chunk);
  return { sha256: hash.digest('hex'), size: source.size };
}
