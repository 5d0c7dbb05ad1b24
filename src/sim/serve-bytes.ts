import type { ByteSource } from './byte-source';
import type { Exchange } from './exchange';

export interface ServeOptions {
  /** truncate fault: promise the full Content-Length, send about half, then end the connection */
  truncate: boolean;
  /** …Range resumes too (half of what they ask for), so the file never completes */
  truncateRanged?: boolean;
  /** slowBody fault: pause between 64 KiB chunks */
  slowMs: number;
}

type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Parses a single-range `bytes=` header; malformed or multi-range headers are ignored (RFC 9110 allows that). */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  const [, a = '', b = ''] = m;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(a);
  const last = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || last < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last + 1 };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Serves a byte source honouring Range (206/416), HEAD, and the truncate / slowBody faults. */
export async function serveSource(ex: Exchange, source: ByteSource, opts: ServeOptions): Promise<void> {
  const { res, req } = ex;
  const range = parseRange(req.headers.range, source.size);
  const common = {
    'content-type': source.contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
  };
  if (range.kind === 'unsatisfiable') {
    ex.entry.status = 416;
    res.writeHead(416, { ...common, 'content-range': `bytes */${source.size}`, 'content-length': '0' });
    res.end();
    return;
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : source.size;
  const status = range.kind === 'partial' ? 206 : 200;
  const headers: Record<string, string> = { ...common, 'content-length': String(end - start) };
  if (range.kind === 'partial') headers['content-range'] = `bytes ${start}-${end - 1}/${source.size}`;
  ex.entry.status = status;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // Truncation applies only to bodies starting at byte 0, so a Range resume can always finish the file
  // (unless the fault asks for ranged requests to be cut as well).
  const cut = opts.truncate && (start === 0 || opts.truncateRanged === true);
  const stopAt = cut ? start + Math.floor((end - start) / 2) : end;
  for (const chunk of source.read(start, stopAt)) {
    if (res.destroyed) return;
    if (!res.write(chunk))
      await new Promise<void>((r) => {
        // 'close' as well: a client that hangs up mid-download must not leave this loop waiting forever.
        res.once('drain', () => r());
        res.once('close', () => r());
      });
    if (opts.slowMs > 0) await sleep(opts.slowMs);
  }
  if (stopAt < end) {
    // End the TCP stream once the partial body is flushed: the client sees fewer bytes than promised.
    res.socket?.end();
    return;
  }
  res.end();
}
