import { createReadStream, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { mediaTypeOf, parseRange } from '../media/range';
import { injectKeptScreen } from '../kept-screen/inject';
import type { KeptScreenView } from '../kept-screen/kept-screen';
import { RENDERER_CSP, RENDERER_TYPES } from './csp';

/** The one request handler both transports use for the renderer's own files and media. */
export type AppHandler = (request: Request) => Promise<Response>;

export interface AppHandlerOptions {
  /** Folder with the built renderer (out/renderer). */
  rendererDir: string;
  /** `library/<rel>`, `inputs/<rel>` or `thumbs/<rel>` (URL-decoded once) to a file core allows, or null. */
  resolveMedia(requestPath: string): Promise<string | null>;
  /**
   * The kept first screen to paint in `index.html` for this request (null: none, or the request may not see
   * the library), with the query its media URLs need (web mode's token).
   */
  keptScreen?(request: Request): Promise<{ view: KeptScreenView; mediaQuery: string | null } | null>;
}

export const MEDIA_PREFIX = '/media/';

const text = (status: number, body: string | null = null, headers: Record<string, string> = {}): Response =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** A file's bytes (or a slice) as a web stream; HEAD gets no body. */
function fileBody(
  method: string,
  file: string,
  range?: { start: number; end: number },
): ReadableStream<Uint8Array> | null {
  if (method === 'HEAD') return null;
  return Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>;
}

/**
 * `(Request) => Promise<Response>` for the built renderer (with the CSP) and `/media/<root>/<path>` (Range,
 * content types, traversal refused by `resolveMedia`). Electron's `protocol.handle('atelier-app')` and the
 * web host (through its node:http adapter) both call it, so browser e2e runs the desktop's code. Callers do
 * their own transport checks first (the web host's Host header and token; Electron's host name).
 */
export function createAppHandler(options: AppHandlerOptions): AppHandler {
  const rendererDir = normalize(options.rendererDir);

  async function media(request: Request, url: URL): Promise<Response> {
    const decoded = decode(url.pathname.slice(MEDIA_PREFIX.length));
    if (decoded === null) return text(400, 'bad path');
    const file = await options.resolveMedia(decoded);
    if (!file) return text(404, 'not found');
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return text(404, 'not found');
    }
    const headers: Record<string, string> = {
      'content-type': mediaTypeOf(file),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    };
    if (url.searchParams.get('download') === '1')
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(basename(file))}`;
    const range = parseRange(request.headers.get('range'), size);
    if (range === 'unsatisfiable')
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    if (range)
      return new Response(fileBody(request.method, file, range), {
        status: 206,
        headers: {
          ...headers,
          'content-length': String(range.end - range.start + 1),
          'content-range': `bytes ${range.start}-${range.end}/${size}`,
        },
      });
    return new Response(fileBody(request.method, file), {
      status: 200,
      headers: { ...headers, 'content-length': String(size) },
    });
  }

  /** `index.html` with the kept first screen painted in it, or null when there is none to paint. */
  async function keptIndex(request: Request, file: string): Promise<string | null> {
    if (request.method !== 'GET' || !options.keptScreen) return null;
    const kept = await options.keptScreen(request).catch(() => null);
    if (!kept) return null;
    return injectKeptScreen(readFileSync(file, 'utf8'), kept.view, kept.mediaQuery);
  }

  /** The built renderer; unknown paths fall back to index.html (client-side routes). */
  async function rendererFile(request: Request, url: URL): Promise<Response> {
    const decoded = decode(url.pathname);
    if (decoded === null) return text(400, 'bad path');
    const rel = normalize(decoded).replace(/^([/\\])+/, '');
    let file = join(rendererDir, rel || 'index.html');
    if (!file.startsWith(rendererDir + sep)) file = join(rendererDir, 'index.html');
    let size = fileSize(file);
    if (size === null) {
      file = join(rendererDir, 'index.html');
      size = fileSize(file);
      if (size === null) return text(503, 'The renderer is not built. Run: npm run build');
    }
    const kept = extname(file) === '.html' ? await keptIndex(request, file) : null;
    const body = kept === null ? fileBody(request.method, file) : kept;
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': RENDERER_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': String(kept === null ? size : Buffer.byteLength(kept)),
        'content-security-policy': RENDERER_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': extname(file) === '.html' ? 'no-store' : 'max-age=3600',
      },
    });
  }

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'method not allowed');
    const url = new URL(request.url);
    if (url.pathname.startsWith(MEDIA_PREFIX)) return media(request, url);
    return rendererFile(request, url);
  };
}

function fileSize(file: string): number | null {
  try {
    const st = statSync(file);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}
