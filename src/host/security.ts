import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Constant-time comparison of the session token. */
export function tokenMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The checks every request to the web host passes. The Host header must name the loopback address we bound
 * (a DNS-rebinding page would send its own host name), and a browser-sent Origin must be our own.
 */
export function checkRequest(req: IncomingMessage, expectedHost: string, opts: { requireOrigin: boolean }): string | null {
  if (req.headers.host !== expectedHost) return 'foreign Host header';
  const origin = req.headers.origin;
  if (origin === undefined) return opts.requireOrigin ? 'missing Origin' : null;
  if (origin !== `http://${expectedHost}`) return 'foreign Origin';
  return null;
}

export function tokenFromUrl(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://x').searchParams.get('token');
}

/** CSP for the renderer: no inline scripts, no remote code, media and sockets only from ourselves. */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');
