/**
 * The two parsing jobs of the HTTP/1.1 download reader, as pure code over bytes (property-tested):
 * the response head (status line and headers) and the chunked transfer coding. Everything malformed
 * throws {@link WireProtocolError}; nothing here allocates per body byte.
 */

/** The server broke HTTP/1.1 framing (a bad head, a bad chunk size, a head too large). */
export class WireProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireProtocolError';
  }
}

/** Largest response head accepted (status line + headers). */
export const MAX_HEAD_BYTES = 64 * 1024;

export interface ResponseHead {
  status: number;
  /** Header values by lower-case name; repeated headers joined with ", " (as fetch's Headers does). */
  headers: Map<string, string>;
}

const CR = 13;
const LF = 10;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Index just past the blank line ending a head in `buf[0, end)`, or -1 when it is not complete yet.
 * Accepts CRLF and bare LF line ends (tolerant, as browsers are).
 */
export function headEnd(buf: Uint8Array, end: number): number {
  for (let i = 0; i < end; i++) {
    if (buf[i] !== LF) continue;
    if (buf[i + 1] === LF && i + 1 < end) return i + 2;
    if (buf[i + 1] === CR && buf[i + 2] === LF && i + 2 < end) return i + 3;
  }
  return -1;
}

/** Parses a complete head (as returned up to {@link headEnd}). */
export function parseHead(text: string): ResponseHead {
  const lines = text.split(/\r?\n/);
  const statusLine = lines[0] ?? '';
  const m = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!m)
    throw new WireProtocolError(`not an HTTP/1.x status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
  const headers = new Map<string, string>();
  let last: string | null = null;
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    if (line.startsWith(' ') || line.startsWith('\t')) {
      // obsolete line folding: a continuation of the previous value
      if (last === null) throw new WireProtocolError('header continuation without a header');
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    if (!TOKEN.test(name))
      throw new WireProtocolError(`bad header line: ${JSON.stringify(line.slice(0, 80))}`);
    const key = name.toLowerCase();
    const value = line.slice(colon + 1).trim();
    const prior = headers.get(key);
    if (key === 'content-length' && prior !== undefined && prior !== value)
      throw new WireProtocolError('conflicting Content-Length headers');
    headers.set(key, prior === undefined || key === 'content-length' ? value : `${prior}, ${value}`);
    last = key;
  }
  return { status: Number(m[1]), headers };
}

/** How the body of a response is delimited. */
export type Framing =
  { kind: 'none' } | { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'close' };

/**
 * RFC 9112 §6.3 for a response to GET: no body for 1xx/204/304; chunked when it is the last transfer
 * coding; read until close for other transfer codings; else Content-Length; else until close.
 * Returns null when the body is encoded in a way this reader does not decode (the caller falls back).
 */
export function framingOf(head: ResponseHead): Framing | null {
  if (head.status < 200 || head.status === 204 || head.status === 304) return { kind: 'none' };
  const te = head.headers.get('transfer-encoding');
  const codings = te
    ?.split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '');
  if (codings && codings.length > 0) {
    if (codings.some((c) => c !== 'chunked' && c !== 'identity')) return null;
    return codings.at(-1) === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  }
  const ce = head.headers.get('content-encoding')?.trim().toLowerCase();
  if (ce && ce !== 'identity') return null;
  const cl = head.headers.get('content-length');
  if (cl !== undefined) {
    if (!/^\d+$/.test(cl))
      throw new WireProtocolError(`bad Content-Length: ${JSON.stringify(cl.slice(0, 40))}`);
    const length = Number(cl);
    if (!Number.isSafeInteger(length)) throw new WireProtocolError('Content-Length too large');
    return { kind: 'length', length };
  }
  return { kind: 'close' };
}

/** Receives body bytes `buf[off, off + len)`; must consume them before returning (the buffer is reused). */
export type BodySink = (buf: Uint8Array, off: number, len: number) => void;
/** Asked after each read: a promise means "pause reading until it settles" (the sink's backpressure). */
export type SinkReady = () => Promise<void> | null;

const enum ChunkState {
  Size,
  Extension,
  SizeLf,
  Data,
  DataCr,
  DataLf,
  Trailer,
  TrailerLine,
  Done,
}

/**
 * Incremental decoder of `Transfer-Encoding: chunked`. {@link feed} hands data slices to the sink without
 * copying and returns how many input bytes it used (less than given only once the body is complete).
 */
export class ChunkedDecoder {
  private state = ChunkState.Size;
  private size = 0;
  private digits = 0;
  private remaining = 0;
  private trailerBytes = 0;

  get done(): boolean {
    return this.state === ChunkState.Done;
  }

  feed(buf: Uint8Array, off: number, len: number, sink: BodySink): number {
    const end = off + len;
    let i = off;
    while (i < end && this.state !== ChunkState.Done) {
      switch (this.state) {
        case ChunkState.Data: {
          const n = Math.min(this.remaining, end - i);
          sink(buf, i, n);
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) this.state = ChunkState.DataCr;
          break;
        }
        case ChunkState.Size: {
          const c = buf[i++] as number;
          const v = hexValue(c);
          if (v >= 0) {
            if (++this.digits > 13) throw new WireProtocolError('chunk size too large');
            this.size = this.size * 16 + v;
          } else if (this.digits === 0) {
            throw new WireProtocolError('chunk size missing');
          } else if (c === CR) this.state = ChunkState.SizeLf;
          else if (c === LF) this.sizeDone();
          else if (c === 0x3b /* ; */ || c === 0x20 || c === 0x09) this.state = ChunkState.Extension;
          else throw new WireProtocolError('bad chunk size');
          break;
        }
        case ChunkState.Extension: {
          const c = buf[i++] as number;
          if (++this.trailerBytes > MAX_HEAD_BYTES) throw new WireProtocolError('chunk extension too long');
          if (c === CR) this.state = ChunkState.SizeLf;
          else if (c === LF) this.sizeDone();
          break;
        }
        case ChunkState.SizeLf:
          if (buf[i++] !== LF) throw new WireProtocolError('chunk size line not ended by CRLF');
          this.sizeDone();
          break;
        case ChunkState.DataCr: {
          const c = buf[i++];
          if (c === CR) this.state = ChunkState.DataLf;
          else if (c === LF) this.state = ChunkState.Size;
          else throw new WireProtocolError('chunk data not followed by CRLF');
          break;
        }
        case ChunkState.DataLf:
          if (buf[i++] !== LF) throw new WireProtocolError('chunk data not followed by CRLF');
          this.state = ChunkState.Size;
          break;
        case ChunkState.Trailer: {
          // at the start of a trailer line: an empty line ends the body
          const c = buf[i++];
          if (c === LF) this.state = ChunkState.Done;
          else if (c !== CR) this.state = ChunkState.TrailerLine;
          break;
        }
        case ChunkState.TrailerLine: {
          if (++this.trailerBytes > MAX_HEAD_BYTES) throw new WireProtocolError('trailer too long');
          if (buf[i++] === LF) this.state = ChunkState.Trailer;
          break;
        }
      }
    }
    return i - off;
  }

  private sizeDone(): void {
    const size = this.size;
    this.size = 0;
    this.digits = 0;
    this.trailerBytes = 0;
    if (size === 0) this.state = ChunkState.Trailer;
    else {
      this.remaining = size;
      this.state = ChunkState.Data;
    }
  }
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}
