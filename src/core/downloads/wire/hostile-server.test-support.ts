import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One request as the hostile server read it. */
export interface RawRequest {
  line: string;
  headers: Record<string, string>;
}

/** What the server does with one request: writes whatever bytes it likes on the raw socket. */
export type Script = (socket: Socket, req: RawRequest) => void;

/**
 * A raw TCP "HTTP" server for the download reader's fault tests: each request takes the next script of
 * `plan` (then `fallback`), which writes exact bytes (bad framing, cut bodies, resets, stalls) itself.
 */
export class HostileServer {
  plan: Script[] = [];
  fallback: Script = (s) => s.end('HTTP/1.1 500 Nope\r\nContent-Length: 0\r\n\r\n');
  log: RawRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((socket) => {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    const onData = (d: Buffer): void => {
      head += d.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const [line = '', ...rest] = head.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const h of rest) {
        const i = h.indexOf(':');
        headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
      }
      const req = { line, headers };
      this.log.push(req);
      (this.plan.shift() ?? this.fallback)(socket, req);
    };
    socket.on('data', onData);
  });

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(plan: Script[], fallback?: Script): void {
    this.plan = plan;
    if (fallback) this.fallback = fallback;
    this.log = [];
  }
}

/** The start offset of a `Range: bytes=N-` request, 0 without one. */
export const rangeStart = (req: RawRequest): number =>
  Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);

/** A well-behaved answer for `blob`: 200, or 206 from the requested offset (416 past the end). */
export function honest(blob: Buffer): Script {
  return (s, req) => {
    const from = rangeStart(req);
    if (from >= blob.length && from > 0) {
      s.end(
        `HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */${blob.length}\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    const body = blob.subarray(from);
    const head =
      from > 0
        ? `HTTP/1.1 206 Partial Content\r\nContent-Range: bytes ${from}-${blob.length - 1}/${blob.length}\r\n`
        : 'HTTP/1.1 200 OK\r\n';
    s.write(`${head}Content-Type: image/png\r\nContent-Length: ${body.length}\r\n\r\n`);
    s.end(body);
  };
}

/** `blob` in chunked transfer coding, chunks of the given sizes (cycled), with an extension and a trailer. */
export function chunkedBody(blob: Buffer, sizes: number[]): Buffer {
  const parts: Buffer[] = [];
  let off = 0;
  for (let i = 0; off < blob.length; i++) {
    const n = Math.min(Math.max(1, sizes[i % sizes.length] ?? 1), blob.length - off);
    parts.push(
      Buffer.from(`${n.toString(16)}${i % 3 === 0 ? ';ext=1' : ''}\r\n`),
      blob.subarray(off, off + n),
      Buffer.from('\r\n'),
    );
    off += n;
  }
  parts.push(Buffer.from('0\r\nX-Trailer: yes\r\n\r\n'));
  return Buffer.concat(parts);
}

/** Writes `bytes` in pieces at the given cut points (spread over event-loop turns), then ends. */
export function writeInPieces(s: Socket, bytes: Buffer, cuts: number[], end = true): void {
  const points = [...new Set(cuts.map((c) => Math.max(0, Math.min(bytes.length, c))))].sort((a, b) => a - b);
  let prev = 0;
  const pieces: Buffer[] = [];
  for (const p of [...points, bytes.length]) {
    if (p > prev) pieces.push(bytes.subarray(prev, p));
    prev = p;
  }
  const next = (): void => {
    const piece = pieces.shift();
    if (!piece) {
      if (end) s.end();
      return;
    }
    s.write(piece, () => setImmediate(next));
  };
  next();
}
