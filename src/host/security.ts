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
export function checkRequest(
  req: IncomingMessage,
  expectedHost: string,
  opts: { requireOrigin: boolean },
): string | null {
  if (req.headers.host !== expectedHost) return 'foreign Host header';
  const origin = req.headers.origin;
  if (origin === undefined) return opts.requireOrigin ? 'missing Origin' : null;
  if (origin !== `http://${expectedHost}`) return 'foreign Origin';
  return null;
}

export function tokenFromUrl(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://x').searchParams.get('token');
}

/** The CSP lives with the shared app handler in core (both transports send it); re-exported for host code. */
export { RENDERER_CSP } from '../core/app-server/csp';
