import { createHash, type Hash } from 'node:crypto';
import { closeSync, createReadStream, openSync, statSync, writeSync } from 'node:fs';
import { truncate } from 'node:fs/promises';

/**
 * Size of a file, 0 when it does not exist. A synchronous stat that does not throw for a missing file: the
 * usual case (a fresh download) then costs no error object, no stack and no trip through the thread pool.
 */
export async function fileSize(path: string): Promise<number> {
  return statSync(path, { throwIfNoEntry: false })?.size ?? 0;
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
 * bytes: each chunk is written (synchronously, into the page cache) and then hashed, in one pass over
 * the reader's buffer, and a reset truncates both. No stream, no queue: memory stays flat.
 */
export class HashedFile {
  /** Bytes written to the file so far. */
  size = 0;
  private hash: Hash = createHash('sha256');
  private fd: number | null = null;
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

  /** Appends `buf[off, off + len)`: written, then hashed. Throws (and stays failed) when the disk refuses it. */
  append(buf: Uint8Array, off: number, len: number): void {
    if (this.writeError) throw this.writeError;
    try {
      // 'a' appends after the adopted prefix; the file is created when missing.
      this.fd ??= openSync(this.path, 'a');
      for (let done = 0; done < len;) done += writeSync(this.fd, buf, off + done, len - done);
    } catch (err) {
      this.writeError = err instanceof Error ? err : new Error(String(err));
      throw this.writeError;
    }
    this.hash.update(off === 0 && len === buf.byteLength ? buf : buf.subarray(off, off + len));
    this.size += len;
  }

  /** Appends a whole chunk (see {@link append}). */
  async write(chunk: Uint8Array): Promise<void> {
    this.append(chunk, 0, chunk.byteLength);
  }

  /** Closes the file (if open); rethrows a write error. */
  async close(): Promise<void> {
    const fd = this.fd;
    this.fd = null;
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch (err) {
        this.writeError ??= err instanceof Error ? err : new Error(String(err));
      }
    }
    if (this.writeError) throw this.writeError;
  }

  /** Hex digest of everything written so far. Only call once, at the end. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
