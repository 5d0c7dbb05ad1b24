import type { Logger } from '../ports';

/** Where and how to reach the gateway for one task (profile settings captured at submission). */
export interface GatewayTarget {
  baseUrl: string;
  apiKey: string | null;
  vendor: string;
  /** Header carrying the key on `/open/aigw/…`: `Authorization` → `Bearer <key>`, any other name → the raw key. */
  gatewayAuthHeader: string;
}

export interface GatewayResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body was JSON, else the text (possibly empty). */
  body: unknown;
  /** Delay the server asked for (Retry-After or openai-poll-after-ms), in ms. */
  retryAfterMs: number | null;
}

/**
 * A failure before any response arrived. `maybeSent` is false only when the connection was never made
 * (refused, DNS): then the gateway cannot have received the request and resubmitting is safe.
 */
export class GatewayNetworkError extends Error {
  constructor(
    message: string,
    readonly maybeSent: boolean,
  ) {
    super(message);
    this.name = 'GatewayNetworkError';
  }
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

function errorCode(e: unknown): string | undefined {
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

export function retryAfterMs(headers: Headers, now: number): number | null {
  const pollAfter = headers.get('openai-poll-after-ms');
  if (pollAfter && /^\d+$/.test(pollAfter)) return Number(pollAfter);
  const ra = headers.get('retry-after');
  if (!ra) return null;
  if (/^\d+(\.\d+)?$/.test(ra.trim())) return Math.round(Number(ra) * 1000);
  const at = Date.parse(ra);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function authHeaders(target: GatewayTarget, path: string): Record<string, string> {
  if (!target.apiKey) return {};
  const isTaskGateway = path.startsWith('/open/aigw/');
  if (isTaskGateway && target.gatewayAuthHeader.toLowerCase() !== 'authorization') return { [target.gatewayAuthHeader]: target.apiKey };
  return { Authorization: `Bearer ${target.apiKey}` };
}

export interface RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: { json: unknown } | { form: FormData };
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One HTTP exchange with the gateway. Never throws for HTTP statuses; throws GatewayNetworkError otherwise. */
export async function gatewayRequest(
  target: GatewayTarget,
  options: RequestOptions,
  deps: { fetch: typeof fetch; now: () => number; log: Logger },
): Promise<GatewayResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(target, options.path) };
  let body: string | FormData | undefined;
  if (options.body && 'json' in options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body.json);
  } else if (options.body) body = options.body.form;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 120_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await deps.fetch(`${target.baseUrl}${options.path}`, { method: options.method, headers, body, signal });
  } catch (e) {
    const code = errorCode(e);
    deps.log.warn('gateway request failed', { path: options.path, code, error: e instanceof Error ? e.message : String(e) });
    throw new GatewayNetworkError(code ? `${code}` : e instanceof Error ? e.message : String(e), !(code && NOT_SENT_CODES.has(code)));
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw new GatewayNetworkError(`response broke off: ${e instanceof Error ? e.message : String(e)}`, true);
  }
  let parsed: unknown = text;
  if (text.trim().startsWith('{') || text.trim().startsWith('[')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed, retryAfterMs: retryAfterMs(res.headers, deps.now()) };
}
