import { createHash, type Hash } from 'node:crypto';
import { closeSync, createReadStream, openSync, statSync, write } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { SNIFF_BYTES } from '../inputs/sniff';
import { HashSession } from './hash-worker';

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

/** Bytes accepted but not yet written and hashed past which the reader is asked to pause. */
const HIGH_WATER = 4 << 20;
/** Size of the buffers bytes are copied into on their way to the disk and the hasher (a write takes one whole). */
const SLAB = 1 << 20;
/** How much of a file's start is kept for telling what it is (what the media sniffer reads). */
const HEAD_BYTES = SNIFF_BYTES;
/**
 * Slabs kept for reuse once written and hashed, shared by every file of the process (the rest are left to
 * the collector). Per file, a thousand small downloads allocated a thousand 1 MiB buffers, and the
 * collector's work for them was the largest cost of the engine bench after the queue (issue 27).
 */
const KEPT_SLABS = 8;
const spare: Buffer[] = [];
const keep = (slab: Buffer): void => {
  if (spare.length < KEPT_SLABS && slab.length === SLAB) spare.push(slab);
};

/** Bytes waiting for the disk: a slab filled up to `len`, to be written at `pos`. */
interface Pending {
  buf: Buffer;
  len: number;
  pos: number;
}

/**
 * The temp file plus the sha256 of its content. `size` counts the bytes accepted so far. Each chunk is
 * copied into a slab; slabs are written to the disk by the thread pool, one write at a time and in order,
 * and each written slab is then transferred (not copied) to the hashing worker on the second core
 * ({@link HashSession}), which hands it back for reuse. The main thread only reads and copies: the read,
 * the disk write and the hash overlap (issue 31). Only written bytes are hashed, and the file is always a
 * prefix of the stream, so a crash or a failed write leaves something a later call can resume from; if
 * the worker dies, {@link digest} hashes the file from the disk instead.
 * {@link ready} applies backpressure (the reader pauses while more than {@link HIGH_WATER} waits for the
 * disk or the hasher), and {@link close} waits for every write. A failed write is sticky: the next
 * {@link append} or {@link close} throws it.
 */
export class HashedFile {
  /** Bytes accepted so far (on the disk once {@link close} returns; hashed once {@link digest} answers). */
  size = 0;
  private readonly hash: HashSession;
  /** Set when the worker's running hash cannot be trusted (it died, or the prefix could not be read). */
  private hashFromDisk = false;
  /**
   * The hash of a small file, kept on this thread (see {@link expectTotal}): for a file of one slab, the round
   * trips to the worker cost more than hashing it here.
   */
  private inline: Hash | null = null;
  /**
   * The file's first bytes (up to {@link HEAD_BYTES}) while every byte since offset 0 passed through here;
   * null when the file started from a prefix this object did not see (a resume after a restart).
   */
  private headSeen: Buffer | null = Buffer.alloc(0);
  private fd: number | null = null;
  private writeError: Error | null = null;
  /** Written in order; the head is being written when `writing`. */
  private readonly queue: Pending[] = [];
  private writing = false;
  /** Bytes waiting for the disk plus bytes at the hasher. */
  private held = 0;
  /** Lengths of the slabs at the hasher, in the order they were sent (answers come back in that order). */
  private readonly hashing: number[] = [];
  /** Readers waiting for room ({@link ready}) and closers waiting for an empty queue ({@link drain}). */
  private roomWaiters: (() => void)[] = [];
  private emptyWaiters: (() => void)[] = [];

  constructor(
    readonly path: string,
    /** The positional write (Node's `fs.write`; tests inject a failing or slow one). */
    private readonly writeAt: WriteAt = write,
  ) {
    this.hash = new HashSession({
      returned: (buf) => {
        this.held -= this.hashing.shift() ?? 0;
        keep(Buffer.from(buf));
        this.settle();
      },
      lost: () => {
        this.hashFromDisk = true;
        for (const len of this.hashing.splice(0)) this.held -= len;
        this.settle();
      },
    });
  }

  /**
   * The server told the whole size. A file that starts from byte 0 and fits one slab is hashed on this thread
   * (about 2 ms for 1 MiB, less than the messages to the worker and back); a larger one on the worker. Call it
   * before the first byte of a response is appended.
   */
  expectTotal(total: number | null): void {
    if (this.size !== 0 || this.queue.length > 0 || this.hashing.length > 0) return;
    this.inline = total !== null && total <= SLAB ? createHash('sha256') : null;
  }

  /**
   * The file's first bytes (up to {@link HEAD_BYTES}), when all of them passed through this object; null
   * when the file began with a prefix adopted from the disk. Read after {@link close}, so that the file on disk
   * holds exactly these bytes: the caller then need not open it again to see what it is.
   */
  head(): Uint8Array | null {
    return this.headSeen ? Uint8Array.from(this.headSeen) : null;
  }

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
    this.hash.reset();
    this.inline = null;
    this.hashFromDisk = (await this.hash.adopt(this.path, have)) !== null;
    this.size = have;
    this.headSeen = have === 0 ? Buffer.alloc(0) : null;
  }

  /** Truncates the file to zero bytes and restarts the hash (after every pending write has landed). */
  async reset(): Promise<void> {
    await this.close();
    try {
      await truncate(this.path, 0);
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) throw err;
    }
    this.hash.reset();
    this.inline = null;
    this.hashFromDisk = false;
    this.size = 0;
    this.headSeen = Buffer.alloc(0);
  }

  /** Accepts `buf[off, off + len)`: written in order by the thread pool, then hashed. Throws once a write failed. */
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
    if (this.headSeen && this.headSeen.length < HEAD_BYTES)
      this.headSeen = Buffer.concat([this.headSeen, bytes.subarray(0, HEAD_BYTES - this.headSeen.length)]);
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
      // A slab owns its whole ArrayBuffer (never a pooled one), so it can be transferred to the hasher.
      const slab = spare.pop() ?? Buffer.allocUnsafeSlow(Math.max(SLAB, len - done));
      const n = Math.min(len - done, slab.length);
      slab.set(bytes.subarray(done, done + n), 0);
      this.queue.push({ buf: slab, len: n, pos: this.size + done });
      done += n;
    }
    this.size += len;
    this.held += len;
    this.pump();
  }

  /** Null while the reader may go on; else a promise that settles when it may (rejects if a write failed). */
  ready(): Promise<void> | null {
    if (this.writeError) return Promise.reject(this.writeError);
    if (this.held <= HIGH_WATER) return null;
    return new Promise<void>((resolve) => this.roomWaiters.push(resolve)).then(() => {
      if (this.writeError) throw this.writeError;
    });
  }

  /** Appends a whole chunk (see {@link append}), waiting while the disk or the hasher is behind. */
  async write(chunk: Uint8Array): Promise<void> {
    this.append(chunk, 0, chunk.byteLength);
    await this.ready();
  }

  /** Waits for every pending write (and hash), then closes the file (if open); rethrows a write error. */
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

  /**
   * Hex sha256 of everything accepted. Only call once, at the end, after {@link close}. Answered by the
   * worker; when it died on the way, the file (the same bytes) is hashed here instead.
   */
  async digest(): Promise<string> {
    if (this.inline) return this.inline.digest('hex');
    const hex = this.hashFromDisk ? null : await this.hash.digest();
    if (hex !== null) return hex;
    const hash = createHash('sha256');
    await hashPrefix(this.path, this.size, hash);
    return hash.digest('hex');
  }

  /** Resolves when nothing waits for the disk or the hasher any more. */
  private drain(): Promise<void> {
    if (this.queue.length === 0 && this.hashing.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.emptyWaiters.push(resolve));
  }

  /** Wakes the readers when there is room again and the closers when nothing is left in flight. */
  private settle(): void {
    if (this.held <= HIGH_WATER) wake(this.roomWaiters.splice(0));
    if (this.queue.length === 0 && this.hashing.length === 0) wake(this.emptyWaiters.splice(0));
  }

  /** Sends a written slab to the hasher (transferred); with no worker it is simply reused. */
  private toHasher(slab: Buffer, len: number): void {
    if (this.inline) this.inline.update(slab.subarray(0, len));
    if (this.inline || this.hashFromDisk || this.hash.lost) {
      this.held -= len;
      keep(slab);
      return;
    }
    this.hashing.push(len);
    this.hash.update(slab.buffer as ArrayBuffer, len);
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
      if (err) {
        this.held -= head.len;
        this.writeError ??= err;
        // Nothing after a failed write is written: the file stays a prefix of the stream.
        for (const p of this.queue.splice(0)) this.held -= p.len;
      } else this.toHasher(head.buf, head.len);
      if (this.queue.length > 0 && !this.writeError) this.pump();
      this.settle();
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
