import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { RENDERER_CSP } from './security';

/** Content types of the built renderer's files (also used by the Electron app protocol). */
export const RENDERER_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/** Serves the built renderer; unknown paths fall back to index.html (client-side routes). */
export function serveStatic(rootDir: string, urlPath: string, res: ServerResponse): void {
  const rel = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  let file = join(rootDir, rel || 'index.html');
  if (!file.startsWith(rootDir + sep) && file !== rootDir) file = join(rootDir, 'index.html');
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error('dir');
    size = st.size;
  } catch {
    file = join(rootDir, 'index.html');
    try {
      size = statSync(file).size;
    } catch {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The renderer is not built. Run: npm run build');
      return;
    }
  }
  res.writeHead(200, {
    'content-type': RENDERER_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    'content-security-policy': RENDERER_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': extname(file) === '.html' ? 'no-store' : 'max-age=3600',
  });
  createReadStream(file).pipe(res);
}
