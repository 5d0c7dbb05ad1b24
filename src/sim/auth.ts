import type { IncomingMessage } from 'node:http';
import type { AuthScheme, SimContext } from './context';

function bearerMatches(value: string | undefined, key: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(value ?? '');
  return m?.[1]?.trim() === key;
}

/**
 * /v1 and /vendora/v1 take `Authorization: Bearer <key>`. The /open/aigw scheme is undocumented,
 * so its header is configurable: 'authorization' means Bearer, any other name carries the raw key.
 */
export function isAuthorized(scheme: AuthScheme, req: IncomingMessage, ctx: SimContext): boolean {
  if (scheme === 'none') return true;
  if (scheme === 'bearer' || ctx.gatewayAuthHeader === 'authorization')
    return bearerMatches(req.headers.authorization, ctx.apiKey);
  const raw = req.headers[ctx.gatewayAuthHeader];
  return (Array.isArray(raw) ? raw[0] : raw) === ctx.apiKey;
}

/** Request headers for the log, with credentials redacted. */
export function redactedHeaders(req: IncomingMessage, gatewayHeader: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'authorization') out[name] = 'Bearer ***';
    else if (name === gatewayHeader) out[name] = '***';
    else out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
