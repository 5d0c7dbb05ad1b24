import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { mediaTypeOf, parseRange } from '../core/media/range';

/**
 * `/media/<library|inputs|thumbs>/<path>`: only files Atelier wrote or staged (`resolve` is
 * `Core.resolveMedia`), with Range for video seeking.
 */
export async function serveMedia(resolve: (requestPath: string) => Promise<string | null>, req: IncomingMessage, res: ServerResponse, requestPath: string): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = await resolve(decoded);
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const size = statSync(file).size;
  const range = parseRange(req.headers.range, size);
  const download = new URL(req.url ?? '/', 'http://x').searchParams.get('download') === '1';
  const headers: Record<string, string | number> = {
    'content-type': mediaTypeOf(file),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=3600',
    ...(download ? { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(basename(file))}` } : {}),
  };
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
    return;
  }
  if (range) {
    res.writeHead(206, { ...headers, 'content-length': range.end - range.start + 1, 'content-range': `bytes ${range.start}-${range.end}/${size}` });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file, { start: range.start, end: range.end }).pipe(res);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': size });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}
