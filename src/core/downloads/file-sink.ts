import { createHash, type Hash } from 'node:crypto';
import { closeSync, createReadStream, openSync, statSync, write } from 'node:fs';
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

/** `fs.write`'s positional form, callback style. */
export type WriteAt = (
  fd: number,
  buf: Buffer,
  off: number,
  len: number,
  pos: number,
  done: (err: NodeJS.ErrnoException | null, written: number) => void,
) => void;

/** Bytes accepted but not yet written past which the reader is asked to pause. */
const HIGH_WATER = 4 << 20;
/** Size of the buffers bytes are copied into on their way to the disk (a write takes one whole). */
const SLAB = 1 << 20;
/** Slabs kept for reuse once written (the rest are left to the collector). */
const KEPT_SLABS = 4;

/** Bytes waiting for the disk: a slab filled up to `len`, to be written at `pos`. */
interface Pending {
  buf: Buffer;
  len: number;
  pos: number;
}

/**
 * The temp file plus the running sha256 of its content. `size` and the hash always describe the same
 * bytes: the bytes accepted so far. Each chunk is hashed as it arrives and copied into a slab that is
 * written to the disk by the thread pool, one write at a time and in order, while the next reads are
 * hashed here: the disk copy and the hash overlap (issue 16, the download bench), and the file is always
 * a prefix of the stream, so a crash or a failed write leaves something a later call can resume from.
 * {@link ready} applies backpressure (the reader pauses while more than {@link HIGH_WATER} waits), and
 * {@link close} waits for every write. A failed write is sticky: the next {@link append} or {@link close}
 * throws it.
 */
export class HashedFile {
  /** Bytes accepted so far (hashed; on the disk once {@link close} returns). */
  size = 0;
  private hash: Hash = createHash('sha256');
  private fd: number | null = null;
  private writeError: Error | null = null;
  /** Written in order; the head is being written when `writing`. */
  private readonly queue: Pending[] = [];
  private writing = false;
  private queued = 0;
  private readonly spare: Buffer[] = [];
  /** Readers waiting for room ({@link ready}) and closers waiting for an empty queue ({@link drain}). */
  private roomWaiters: (() => void)[] = [];
  private emptyWaiters: (() => void)[] = [];

  constructor(
    readonly path: string,
    /** The positional write (Node's `fs.write`; tests inject a failing or slow one). */
    private readonly writeAt: WriteAt = write,
  ) {}

  /** True once a disk write failed (a fatal error, not a network one). */
  get writeFailed(): boolean {
    return this.writeError !== null;
  }

  /** Adopts the bytes already in the file (after an app restart), hashing them. `limit` truncates a longer file. */
  async adoptExisting(limit: number | null): Promise<void> {
    await this.drain();
    let have = await fileSize(this.path);
    if (limit !== null && have > limit) {
      await truncate(this.path, 0);
      have = 0;
    }
    this.hash = createHash('sha256');
    await hashPrefix(this.path, have, this.hash);
    this.size = have;
  }

  /** Truncates the file to zero bytes and restarts the hash (after every pending write has landed). */
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

  /** Accepts `buf[off, off + len)`: hashed now, written in order by the thread pool. Throws once a write failed. */
  append(buf: Uint8Array, off: number, len: number): void {
    if (this.writeError) throw this.writeError;
    try {
      // 'a' appends after the adopted prefix; the file is created when missing.
      this.fd ??= openSync(this.path, 'a');
    } catch (err) {
      this.writeError = err instanceof Error ? err : new Error(String(err));
      throw this.writeError;
    }
    if (len === 0) return;
    const bytes = off === 0 && len === buf.byteLength ? buf : buf.subarray(off, off + len);
    this.hash.update(bytes);
    let done = 0;
    // Into the last slab not yet being written when it has room (big writes from small reads), else new slabs.
    const tail = this.queue.at(-1);
    if (tail && !(this.writing && this.queue.length === 1) && tail.len < tail.buf.length) {
      const n = Math.min(len, tail.buf.length - tail.len);
      tail.buf.set(bytes.subarray(0, n), tail.len);
      tail.len += n;
      done = n;
    }
    while (done < len) {
      const slab = this.spare.pop() ?? Buffer.allocUnsafe(Math.max(SLAB, len - done));
      const n = Math.min(len - done, slab.length);
      slab.set(bytes.subarray(done, done + n), 0);
      this.queue.push({ buf: slab, len: n, pos: this.size + done });
      done += n;
    }
    this.size += len;
    this.queued += len;
    this.pump();
  }

  /** Null while the reader may go on; else a promise that settles when it may (rejects if a write failed). */
  ready(): Promise<void> | null {
    if (this.writeError) return Promise.reject(this.writeError);
    if (this.queued <= HIGH_WATER) return null;
    return new Promise<void>((resolve) => this.roomWaiters.push(resolve)).then(() => {
      if (this.writeError) throw this.writeError;
    });
  }

  /** Appends a whole chunk (see {@link append}), waiting while the disk is behind. */
  async write(chunk: Uint8Array): Promise<void> {
    this.append(chunk, 0, chunk.byteLength);
    await this.ready();
  }

  /** Waits for every pending write, then closes the file (if open); rethrows a write error. */
  async close(): Promise<void> {
    await this.drain();
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

  /** Hex digest of everything accepted so far. Only call once, at the end. */
  digest(): string {
    return this.hash.digest('hex');
  }

  /** Resolves when nothing waits for the disk any more. */
  private drain(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.emptyWaiters.push(resolve));
  }

  /** Starts the next write when none is under way. */
  private pump(): void {
    if (this.writing) return;
    const head = this.queue[0];
    const fd = this.fd;
    if (!head || fd === null) return;
    this.writing = true;
    writeAll(this.writeAt, fd, head.buf, head.len, head.pos, (err) => {
      this.writing = false;
      this.queue.shift();
      this.queued -= head.len;
      if (this.spare.length < KEPT_SLABS && head.buf.length === SLAB) this.spare.push(head.buf);
      if (err) {
        this.writeError ??= err;
        // Nothing after a failed write is written: the file stays a prefix of the stream.
        for (const p of this.queue.splice(0)) this.queued -= p.len;
      }
      if (this.queue.length > 0 && !this.writeError) this.pump();
      if (this.queued <= HIGH_WATER) wake(this.roomWaiters.splice(0));
      if (this.queue.length === 0) wake(this.emptyWaiters.splice(0));
    });
  }
}

const wake = (waiters: (() => void)[]): void => waiters.forEach((w) => w());

/** Writes `buf[0, len)` at `pos` completely (a short write continues), then calls `done`. */
function writeAll(
  writeAt: WriteAt,
  fd: number,
  buf: Buffer,
  len: number,
  pos: number,
  done: (err: Error | null) => void,
): void {
  let off = 0;
  const next = (): void => {
    writeAt(fd, buf, off, len - off, pos + off, (err, n) => {
      if (err) return done(err);
      off += n;
      if (off < len && n > 0) next();
      else done(off < len ? new Error('the disk took no more bytes') : null);
    });
  };
  next();
}
