import { errorMessage } from '../../shared/error-message';
import type { Logger } from '../ports';
import { HttpFailure, type HttpAnswer, type HttpClient } from '../http/http-client';
import type { MultipartForm } from './multipart';

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

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);

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
  if (isTaskGateway && target.gatewayAuthHeader.toLowerCase() !== 'authorization')
    return { [target.gatewayAuthHeader]: target.apiKey };
  return { Authorization: `Bearer ${target.apiKey}` };
}

export interface RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  /** JSON, or a multipart form whose files are streamed from disk when it is sent. */
  body?: { json: unknown } | { multipart: MultipartForm };
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One HTTP exchange with the gateway. Never throws for HTTP statuses; throws GatewayNetworkError otherwise. */
export async function gatewayRequest(
  target: GatewayTarget,
  options: RequestOptions,
  deps: { http: HttpClient; now: () => number; log: Logger },
): Promise<GatewayResponse> {
  let answer: HttpAnswer;
  try {
    answer = await deps.http.exchange({
      url: `${target.baseUrl}${options.path}`,
      method: options.method,
      headers: { Accept: 'application/json', ...authHeaders(target, options.path) },
      ...(options.body ? { body: options.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      timeoutMs: options.timeoutMs ?? 120_000,
    });
  } catch (e) {
    if (!(e instanceof HttpFailure) || e.stage === 'request') {
      const code = e instanceof HttpFailure ? e.code : undefined;
      const message = errorMessage(e);
      deps.log.warn('gateway request failed', { path: options.path, code, error: message });
      throw new GatewayNetworkError(code ? code : message, !(code && NOT_SENT_CODES.has(code)));
    }
    // The answer broke off after its head (it was sent), or the body could not be made (nothing was).
    if (e.stage === 'answer') throw new GatewayNetworkError(`response broke off: ${e.message}`, true);
    throw new GatewayNetworkError(e.message, false);
  }
  return {
    status: answer.status,
    headers: answer.headers,
    body: parseBody(answer.text),
    retryAfterMs: retryAfterMs(answer.headers, deps.now()),
  };
}

/** Parsed JSON when the text is JSON, else the text itself (possibly empty). */
function parseBody(text: string): unknown {
  if (text.trim().startsWith('{') || text.trim().startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
