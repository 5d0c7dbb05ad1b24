import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { once } from 'node:events';

/** Size of a file, 0 when it does not exist. */
export async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return 0;
    throw err;
  }
}

/** True when `err` is a Node system error with the given code. */
export function isErrno(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === code;
}

/** Feeds the first `length` bytes of `path` into `hash` (used to continue a hash over an existing prefix). */
export async function hashPrefix(path: string, length: number, hash: Hash): Promise<void> {
  if (length === 0) return;
  const stream = createReadStream(path, { start: 0, end: length - 1, highWaterMark: 1 << 20 });
  for await (const chunk of stream) hash.update(chunk as Buffer);
}

/**
 * The temp file plus the running sha256 of its content. `size` and the hash always describe the same
 * bytes: chunks are hashed as they are handed to the file, and a reset truncates both.
 */
export class HashedFile {
  /** Bytes handed to the file so far (equal to its size once the current writer is closed). */
  size = 0;
  private hash: Hash = createHash('sha256');
  private writer: WriteStream | null = null;
  private writeError: Error | null = null;

  constructor(readonly path: string) {}

  /** True once a disk write failed (a fatal error, not a network one). */
  get writeFailed(): boolean {
    return this.writeError !== null;
  }

  /** Adopts the bytes already in the file (after an app restart), hashing them. `limit` truncates a longer file. */
  async adoptExisting(limit: number | null): Promise<void> {
    let have = await fileSize(this.path);
    if (limit !== null && have > limit) {
      await truncate(this.path, 0);
      have = 0;
    }
    this.hash = createHash('sha256');
    await hashPrefix(this.path, have, this.hash);
    this.size = have;
  }

  /** Truncates the file to zero bytes and restarts the hash. */
  async reset(): Promise<void> {
    await this.close();
    try {
      await truncate(this.path, 0);
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) throw err;
    }
    this.hash = createHash('sha256');
    this.size = 0;
  }

  /** Appends a chunk, waiting for the disk when the write buffer is full (bounded memory). */
  async write(chunk: Uint8Array): Promise<void> {
    if (this.writeError) throw this.writeError;
    if (!this.writer) {
      // 'a' appends after the adopted prefix; the file is created when missing.
      const w = createWriteStream(this.path, { flags: 'a', highWaterMark: 1 << 20 });
      w.on('error', (err) => {
        this.writeError = err;
      });
      this.writer = w;
    }
    this.hash.update(chunk);
    this.size += chunk.byteLength;
    if (!this.writer.write(chunk)) await once(this.writer, 'drain');
  }

  /** Flushes and closes the current writer (if any); rethrows a write error. */
  async close(): Promise<void> {
    const w = this.writer;
    this.writer = null;
    if (w) {
      if (!w.destroyed) {
        w.end();
        try {
          await once(w, 'close');
        } catch (err) {
          this.writeError ??= err instanceof Error ? err : new Error(String(err));
        }
      }
    }
    if (this.writeError) throw this.writeError;
  }

  /** Hex digest of everything written so far. Only call once, at the end. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
