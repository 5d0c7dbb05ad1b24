import { Worker } from 'node:worker_threads';

/**
 * The worker's whole program, as source text run with `eval: true`. Kept as text on purpose: core is
 * bundled by electron-vite for Electron, run by tsx in web mode and tests, and bundled by esbuild for the
 * download bench; a worker given as a file path would need each of them to emit and locate that file,
 * while a script string works unchanged in all three. It is plain CommonJS with no import of ours.
 *
 * Messages (all carry the session `id`), answered in order:
 * - `update` { buf, len }: hashes `buf[0, len)` and sends the ArrayBuffer back (transferred, so the sink
 *   reuses the slab; never copied either way);
 * - `adopt` { path, length }: hashes the first `length` bytes of a file (a resumed download's prefix);
 * - `digest`: answers the hex sha256 and forgets the session; `drop` forgets it without an answer.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const hashes = new Map();
const of = (id) => {
  let h = hashes.get(id);
  if (!h) { h = createHash('sha256'); hashes.set(id, h); }
  return h;
};
parentPort.on('message', (m) => {
  if (m.op === 'update') {
    of(m.id).update(new Uint8Array(m.buf, 0, m.len));
    parentPort.postMessage({ op: 'hashed', id: m.id, buf: m.buf }, [m.buf]);
  } else if (m.op === 'adopt') {
    const h = of(m.id);
    let error = null;
    if (m.length > 0) try {
      const fd = openSync(m.path, 'r');
      try {
        const chunk = Buffer.allocUnsafe(1 << 20);
        for (let pos = 0; pos < m.length; ) {
          const n = readSync(fd, chunk, 0, Math.min(chunk.length, m.length - pos), pos);
          if (n === 0) throw new Error('the file is shorter than ' + m.length + ' bytes');
          h.update(chunk.subarray(0, n));
          pos += n;
        }
      } finally { closeSync(fd); }
    } catch (e) { error = String(e && e.message || e); }
    parentPort.postMessage({ op: 'adopted', id: m.id, error });
  } else if (m.op === 'drop') {
    hashes.delete(m.id);
  } else if (m.op === 'digest') {
    const hex = of(m.id).digest('hex');
    hashes.delete(m.id);
    parentPort.postMessage({ op: 'digest', id: m.id, hex });
  }
});
`;

type Reply =
  | { op: 'hashed'; id: number; buf: ArrayBuffer }
  | { op: 'adopted'; id: number; error: string | null }
  | { op: 'digest'; id: number; hex: string };

/** What a session is told by the worker (in the order it sent the requests). */
interface SessionHandlers {
  onHashed(buf: ArrayBuffer): void;
  onAdopted(error: string | null): void;
  onDigest(hex: string): void;
  /** The worker is gone: every request still open is lost (slabs included). */
  onLost(reason: Error): void;
}

/**
 * One worker thread shared by every download of the process (starting one costs tens of ms, more than a
 * small image takes), so the hashing runs on the second core while the main thread keeps reading. It
 * holds the event loop open only while requests are outstanding, and is started again after a crash.
 */
class SharedHasher {
  private worker: Worker | null = null;
  /** Held weakly: a file dropped without a digest (a failed download) takes its session with it. */
  private readonly sessions = new Map<number, WeakRef<SessionHandlers>>();
  /**
   * Sessions with an answer still to come, held strongly: the only path to a caller awaiting a digest can
   * run through the session itself, and it must not be collected before the answer arrives.
   */
  private readonly pinned = new Map<number, { session: SessionHandlers; waiting: number }>();
  private readonly forget = new FinalizationRegistry<{ id: number }>((box) => this.drop(box.id));
  private nextId = 1;
  private outstanding = 0;
  /** Bytes sent to the worker to hash since the process started (tests check the hash ran there). */
  bytesSent = 0;

  /** A new session id; `box` (which the session updates on reset) names what to drop once it is collected. */
  open(handlers: SessionHandlers, box?: { id: number }): number {
    const id = this.nextId++;
    this.sessions.set(id, new WeakRef(handlers));
    if (box) this.forget.register(handlers, box);
    return id;
  }

  /** Forgets a session here and on the worker. */
  drop(id: number): void {
    if (!this.sessions.delete(id)) return;
    this.worker?.postMessage({ op: 'drop', id });
  }

  /** Sends a request; `transfer` moves the buffer to the worker. `expectsReply` counts it as outstanding. */
  post(
    message: { op: string; id: number } & Record<string, unknown>,
    transfer: ArrayBuffer[],
    expectsReply: boolean,
  ): void {
    const w = this.start();
    if (typeof message.len === 'number') this.bytesSent += message.len;
    if (expectsReply) {
      if (this.outstanding++ === 0) w.ref();
      const pin = this.pinned.get(message.id);
      const session = pin?.session ?? this.sessions.get(message.id)?.deref();
      if (session) this.pinned.set(message.id, { session, waiting: (pin?.waiting ?? 0) + 1 });
    }
    w.postMessage(message, transfer);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WORKER_SOURCE, { eval: true, name: 'atelier-sha256' });
    w.unref();
    w.on('message', (m: Reply) => {
      if (this.worker !== w) return; // a late answer of a worker given up for dead
      if (--this.outstanding === 0) w.unref();
      const pin = this.pinned.get(m.id);
      if (pin && --pin.waiting === 0) this.pinned.delete(m.id);
      const s = this.sessions.get(m.id)?.deref();
      if (!s) return;
      if (m.op === 'hashed') s.onHashed(m.buf);
      else if (m.op === 'adopted') s.onAdopted(m.error);
      else s.onDigest(m.hex);
    });
    const fail = (reason: Error): void => {
      if (this.worker !== w) return;
      this.worker = null;
      this.outstanding = 0;
      this.pinned.clear();
      const lost = [...this.sessions.values()];
      this.sessions.clear();
      for (const s of lost) s.deref()?.onLost(reason);
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the hashing worker exited (code ${code})`)));
    this.worker = w;
    return w;
  }

  /** For tests: ends the worker as a crash would (every open session learns it lost its requests). */
  async crashForTest(): Promise<void> {
    await this.worker?.terminate();
  }
}

export const sharedHasher = new SharedHasher();

/** What a {@link HashSession} tells its file. */
export interface HashEvents {
  /** A slab sent with {@link HashSession.update} is hashed and back (the same memory, transferred). */
  returned(buf: ArrayBuffer): void;
  /** The worker died: every slab in flight is gone and the running hash with them. */
  lost(reason: Error): void;
}

/**
 * The running sha256 of one file, computed by {@link sharedHasher}. Slabs given to {@link update} are
 * transferred to the worker and handed back through `returned` once hashed. When the worker dies the
 * session is `lost`: its file must then hash the bytes some other way (the file on the disk is a prefix
 * of the stream, so it can be hashed from there).
 */
export class HashSession implements SessionHandlers {
  private readonly box = { id: 0 };
  private lostReason: Error | null = null;
  private adoptWaiters: ((error: string | null) => void)[] = [];
  private digestWaiter: ((hex: string | null) => void) | null = null;

  constructor(private readonly events: HashEvents) {
    this.box.id = sharedHasher.open(this, this.box);
  }

  /** True once the worker died with this session open. */
  get lost(): boolean {
    return this.lostReason !== null;
  }

  /** Hashes `buf[0, len)` on the worker; `buf` is detached here until `returned` gives it back. */
  update(buf: ArrayBuffer, len: number): void {
    if (this.lost) return;
    sharedHasher.post({ op: 'update', id: this.box.id, buf, len }, [buf], true);
  }

  /**
   * Starts the hash again under a new session id (a worker that crashed is started again). Call it only
   * with no slab in flight.
   */
  reset(): void {
    sharedHasher.drop(this.box.id);
    this.lostReason = null;
    this.box.id = sharedHasher.open(this);
  }

  /** Hashes the first `length` bytes of `path` on the worker. Resolves null, or the error's message. */
  adopt(path: string, length: number): Promise<string | null> {
    if (this.lost) return Promise.resolve('the hashing worker is gone');
    // Nothing to hash (a download from byte 0): no round trip, the session's hash starts empty.
    if (length === 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.adoptWaiters.push(resolve);
      sharedHasher.post({ op: 'adopt', id: this.box.id, path, length }, [], true);
    });
  }

  /** The hex digest of everything sent, or null when the worker was lost (hash the file instead). */
  digest(): Promise<string | null> {
    if (this.lost) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.digestWaiter = resolve;
      sharedHasher.post({ op: 'digest', id: this.box.id }, [], true);
    });
  }

  /** @internal the worker's answers (see {@link SessionHandlers}). */
  onHashed(buf: ArrayBuffer): void {
    this.events.returned(buf);
  }

  /** @internal */
  onAdopted(error: string | null): void {
    this.adoptWaiters.shift()?.(error);
  }

  /** @internal */
  onDigest(hex: string): void {
    sharedHasher.drop(this.box.id);
    const w = this.digestWaiter;
    this.digestWaiter = null;
    w?.(hex);
  }

  /** @internal */
  onLost(reason: Error): void {
    this.lostReason = reason;
    for (const w of this.adoptWaiters.splice(0)) w(reason.message);
    const d = this.digestWaiter;
    this.digestWaiter = null;
    d?.(null);
    this.events.lost(reason);
  }
}
