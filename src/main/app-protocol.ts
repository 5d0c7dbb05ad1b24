import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { protocol } from 'electron';
import { RENDERER_CSP } from '../host/security';
import { RENDERER_TYPES } from '../host/static-files';

export const APP_SCHEME = 'atelier-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer from `atelier-app://app/` (not file://), with our CSP on every response. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '') || 'index.html';
    const file = join(rendererDir, rel);
    if (url.host !== 'app' || !file.startsWith(rendererDir + sep)) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: { 'content-type': RENDERER_TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': RENDERER_CSP },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}
