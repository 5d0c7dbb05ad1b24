import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import {
  ChunkedDecoder,
  framingOf,
  headEnd,
  MAX_HEAD_BYTES,
  parseHead,
  WireProtocolError,
  type BodySink,
  type Framing,
  type SinkReady,
  type ResponseHead,
} from './http1-parse';

/** Size of the one receive buffer each plain-HTTP exchange reads into (reused for every read). */
export const READ_BUFFER_BYTES = 1 << 20;

export interface WireGetOptions {
  url: URL;
  /** Request headers (names and values are checked: no CR/LF, no header injection). */
  headers: Record<string, string>;
  /** Aborting destroys the connection; pending promises reject with the signal's reason. */
  signal?: AbortSignal;
  /** Extra TLS options (tests: a private CA). */
  tls?: Pick<ConnectionOptions, 'ca' | 'rejectUnauthorized'>;
}

/** One response of {@link wireGet}: the head is known, the body not read yet (the socket is paused). */
export interface WireResponse {
  readonly status: number;
  readonly headers: ResponseHead['headers'];
  /** How the body is delimited; null when it is content-encoded (the caller falls back to fetch). */
  readonly framing: Framing | null;
  /**
   * Streams the body into `sink`, synchronously from the socket's read callback (no copy, one buffer).
   * After each read `ready` (when given) may answer a promise: reading pauses until it settles (the sink's
   * backpressure; a rejection fails the body). Resolves when the body is complete by its framing; rejects when the connection breaks or closes
   * early, on a framing error, or on abort.
   */
  pipeTo(sink: BodySink, ready?: SinkReady): Promise<void>;
  /** Closes the connection without reading (more of) the body. */
  cancel(): void;
}

const FORBIDDEN = /[\r\n\0]/;

/** The request head: GET, Host, Connection: close (one exchange per connection), then `headers`. */
export function requestHead(url: URL, headers: Record<string, string>): string {
  const lines = [`GET ${url.pathname || '/'}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  const given = new Set(Object.keys(headers).map((k) => k.toLowerCase()));
  if (!given.has('user-agent')) lines.push('User-Agent: Atelier');
  if (!given.has('accept')) lines.push('Accept: */*');
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (
      lower === 'host' ||
      lower === 'connection' ||
      lower === 'content-length' ||
      lower === 'transfer-encoding'
    )
      continue;
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name) || FORBIDDEN.test(value))
      throw new TypeError(`invalid request header ${JSON.stringify(name)}`);
    lines.push(`${name}: ${value}`);
  }
  lines.push('Connection: close', '', '');
  return lines.join('\r\n');
}

/**
 * One HTTP/1.1 GET over its own connection (plain TCP or TLS with ALPN `http/1.1` only), without fetch or
 * web streams. Resolves at the response head; 1xx interim answers are skipped. Plain HTTP reads into one
 * reused 1 MiB buffer (`onread`); TLS gets Node's decrypted chunks. Redirects are NOT followed here.
 */
export function wireGet(options: WireGetOptions): Promise<WireResponse> {
  return new Exchange(options).start();
}

/**
 * The 1 MiB read buffers of finished connections, kept for the next ones (a few: downloads run four at a
 * time). A fresh buffer per download was a megabyte of outside-the-heap memory per file, and the garbage
 * collector ran for it (issue 27's CPU per task). Every sink consumes the bytes within the read callback,
 * as it must already: the same buffer takes the connection's next read.
 */
export class ReadBufferPool {
  private readonly spare: Buffer[] = [];
  /** Buffers made so far (the rest were taken from the spares). */
  allocated = 0;

  constructor(
    private readonly bytes: number,
    private readonly keep: number,
  ) {}

  take(): Buffer {
    const spare = this.spare.pop();
    if (spare) return spare;
    this.allocated++;
    return Buffer.allocUnsafe(this.bytes);
  }

  give(buffer: Buffer): void {
    if (this.spare.length < this.keep && !this.spare.includes(buffer)) this.spare.push(buffer);
  }

  get size(): number {
    return this.spare.length;
  }
}

export const readBuffers = new ReadBufferPool(READ_BUFFER_BYTES, 8);

const enum Phase {
  Head,
  Paused,
  Body,
  Finished,
}

class Exchange implements WireResponse {
  status = 0;
  headers = new Map<string, string>();
  framing: Framing | null = null;
  private phase = Phase.Head;
  private socket: Socket | null = null;
  private head: Buffer[] = [];
  /** Body bytes that arrived with the head, before `pipeTo`. */
  private early: Buffer | null = null;
  private sink: BodySink | null = null;
  private remaining = 0;
  private received = 0;
  private chunked: ChunkedDecoder | null = null;
  private settleHead: { resolve: (r: WireResponse) => void; reject: (e: unknown) => void } | null = null;
  private settleBody: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  private failure: unknown = null;
  private ready: SinkReady | null = null;

  constructor(private readonly options: WireGetOptions) {}

  start(): Promise<WireResponse> {
    const { url, signal } = this.options;
    return new Promise<WireResponse>((resolve, reject) => {
      this.settleHead = { resolve, reject };
      if (signal?.aborted) {
        this.fail(signal.reason);
        return;
      }
      let request: string;
      try {
        request = requestHead(url, this.options.headers);
      } catch (e) {
        this.fail(e);
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const secure = url.protocol === 'https:';
      const port = Number(url.port || (secure ? 443 : 80));
      let socket: Socket;
      if (secure) {
        socket = tlsConnect({
          host,
          port,
          servername: /^[\d.]+$|:/.test(host) ? undefined : host,
          ALPNProtocols: ['http/1.1'],
          ...this.options.tls,
        });
        socket.on('data', (chunk: Buffer) => {
          if (this.onBytes(chunk, chunk.length) === false) socket.pause();
        });
      } else {
        const buffer = readBuffers.take();
        socket = netConnect({
          host,
          port,
          onread: { buffer, callback: (n: number) => this.onBytes(buffer, n) },
        });
        // After `close` the socket reads no more into it: the next download may have it.
        socket.once('close', () => readBuffers.give(buffer));
      }
      this.socket = socket;
      socket.setNoDelay(true);
      socket.write(request);
      socket.on('error', (e) => this.fail(e));
      socket.on('close', () => this.onClose());
      signal?.addEventListener('abort', this.onAbort, { once: true });
    });
  }

  pipeTo(sink: BodySink, ready?: SinkReady): Promise<void> {
    if (this.phase !== Phase.Paused) return Promise.reject(new Error('body already consumed'));
    return new Promise<void>((resolve, reject) => {
      this.settleBody = { resolve, reject };
      this.sink = sink;
      this.ready = ready ?? null;
      this.phase = Phase.Body;
      if (this.failure !== null) {
        this.fail(this.failure);
        return;
      }
      const early = this.early;
      this.early = null;
      try {
        if (early) this.body(early, 0, early.length);
      } catch (e) {
        this.fail(e);
        return;
      }
      const f = this.framing;
      if (f?.kind === 'none' || (f?.kind === 'length' && this.remaining === 0)) this.finish();
      if (this.phase === Phase.Body) {
        if (this.socket?.destroyed) this.onClose();
        else if (!this.waitForSink()) this.socket?.resume();
      }
    });
  }

  cancel(): void {
    this.sink = null;
    this.finish();
  }

  /**
   * Asks the sink whether it can take more: when it answers a promise, reading stays paused until it settles
   * (true: the caller must pause now). A rejection fails the body.
   */
  private waitForSink(): boolean {
    if (this.phase !== Phase.Body) return false;
    const wait = this.ready?.();
    if (!wait) return false;
    wait.then(
      () => {
        if (this.phase !== Phase.Body) return;
        if (this.socket?.destroyed) this.onClose();
        else this.socket?.resume();
      },
      (e: unknown) => this.fail(e),
    );
    return true;
  }

  private readonly onAbort = (): void => {
    this.fail(this.options.signal?.reason ?? new Error('aborted'));
  };

  /** Bytes from the socket. Returns false to pause reading (the head is in, nobody reads the body yet). */
  private onBytes(buf: Buffer, n: number): boolean {
    try {
      if (this.phase === Phase.Body) {
        this.body(buf, 0, n);
        return !this.waitForSink();
      }
      if (this.phase === Phase.Paused) {
        // a read that was already under way when the head paused the socket: keep it for pipeTo
        const copy = Buffer.from(buf.subarray(0, n));
        this.early = this.early ? Buffer.concat([this.early, copy]) : copy;
        return false;
      }
      if (this.phase !== Phase.Head) return false;
      return this.headBytesIn(buf, n);
    } catch (e) {
      this.fail(e);
      return false;
    }
  }

  private headBytesIn(buf: Buffer, n: number): boolean {
    // Copied: the read buffer is reused, and a head is small.
    this.head.push(Buffer.from(buf.subarray(0, n)));
    for (;;) {
      const all = this.head.length === 1 ? (this.head[0] as Buffer) : Buffer.concat(this.head);
      this.head = [all];
      const end = headEnd(all, Math.min(all.length, MAX_HEAD_BYTES));
      if (end < 0) {
        if (all.length >= MAX_HEAD_BYTES) throw new WireProtocolError('response head too large');
        return true;
      }
      const head = parseHead(all.subarray(0, end).toString('latin1'));
      const rest = all.subarray(end);
      if (head.status >= 100 && head.status < 200 && head.status !== 101) {
        this.head = rest.length ? [rest] : [];
        if (rest.length === 0) return true;
        continue; // an interim answer (100 Continue, 103 Early Hints): the real one follows
      }
      this.head = [];
      this.status = head.status;
      this.headers = head.headers;
      this.framing = framingOf(head);
      if (this.framing?.kind === 'length') this.remaining = this.framing.length;
      if (this.framing?.kind === 'chunked') this.chunked = new ChunkedDecoder();
      this.early = rest.length ? rest : null;
      this.phase = Phase.Paused;
      const settle = this.settleHead;
      this.settleHead = null;
      settle?.resolve(this);
      return false;
    }
  }

  private body(buf: Buffer, off: number, len: number): void {
    const framing = this.framing;
    const sink = this.sink;
    if (!sink || !framing) return;
    if (framing.kind === 'length') {
      const n = Math.min(len, this.remaining);
      if (n > 0) sink(buf, off, n);
      this.remaining -= n;
      this.received += n;
      if (this.remaining === 0) this.finish();
    } else if (framing.kind === 'chunked') {
      this.chunked?.feed(buf, off, len, sink);
      if (this.chunked?.done) this.finish();
    } else if (len > 0) {
      this.received += len;
      sink(buf, off, len);
    }
  }

  private onClose(): void {
    if (this.phase === Phase.Finished) return;
    if (this.phase === Phase.Body && this.framing?.kind === 'close' && this.failure === null) {
      this.finish();
      return;
    }
    if (this.phase === Phase.Paused) return; // judged when the body is asked for (it may be complete)
    this.fail(this.failure ?? this.closedEarly());
  }

  private closedEarly(): Error {
    const f = this.framing;
    if (this.phase === Phase.Head) return new WireProtocolError('connection closed before a response head');
    if (f?.kind === 'length')
      return new Error(`connection closed after ${this.received} of ${f.length} bytes`);
    return new Error('connection closed before the last chunk');
  }

  private finish(): void {
    if (this.phase === Phase.Finished) return;
    this.phase = Phase.Finished;
    this.cleanup();
    const settle = this.settleBody;
    this.settleBody = null;
    settle?.resolve();
  }

  private fail(err: unknown): void {
    if (this.phase === Phase.Finished) return;
    if (this.phase === Phase.Paused && this.settleBody === null) {
      // Nobody is reading the body: remember the failure for pipeTo.
      this.failure ??= err;
      this.cleanup();
      return;
    }
    this.phase = Phase.Finished;
    this.cleanup();
    const head = this.settleHead;
    const body = this.settleBody;
    this.settleHead = null;
    this.settleBody = null;
    head?.reject(err);
    body?.reject(err);
  }

  private cleanup(): void {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    this.sink = null;
    this.socket?.destroy();
  }
}
