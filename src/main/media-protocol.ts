import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { mediaTypeOf, parseRange } from '../core/media/range';

export const MEDIA_SCHEME = 'atelier-media';

/** Must run before app `ready`: a standard, secure scheme that supports fetch and streaming (video). */
export function registerMediaScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/**
 * `atelier-media://media/<library|inputs>/<path>`: files from the app's folders only, with Range answered
 * here (net.fetch of file:// ignores Range, which makes videos unseekable).
 */
export function handleMediaProtocol(resolve: (requestPath: string) => Promise<string | null>): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const url = new URL(request.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return new Response(null, { status: 400 });
    }
    // Only files Atelier wrote or staged (Core.resolveMedia), confined to their folder.
    const file = url.host === 'media' ? await resolve(decoded) : null;
    if (!file) return new Response('not found', { status: 404 });
    const size = statSync(file).size;
    const range = parseRange(request.headers.get('range'), size);
    const headers = { 'content-type': mediaTypeOf(file), 'accept-ranges': 'bytes' };
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    return new Response(body, {
      status: range ? 206 : 200,
      headers: { ...headers, 'content-length': String(end - start + 1), ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}) },
    });
  });
}
