import { errorMessage } from '../../shared/error-message';
import type { Logger } from '../ports';
import { proxyConfigured } from '../downloads/transport';
import { prepareMultipart, toFormData, type MultipartForm } from './multipart';
import { REDIRECT_STATUSES, SendError, sendRequest, type SendBody, type SentAnswer } from './send-request';

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
  deps: { fetch: typeof fetch; now: () => number; log: Logger },
): Promise<GatewayResponse> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeaders(target, options.path),
  };
  const url = `${target.baseUrl}${options.path}`;
  const failed = (code: string | undefined, message: string): GatewayNetworkError => {
    deps.log.warn('gateway request failed', { path: options.path, code, error: message });
    return new GatewayNetworkError(code ? `${code}` : message, !(code && NOT_SENT_CODES.has(code)));
  };
  const multipart = options.body && 'multipart' in options.body ? options.body.multipart : null;
  const timeoutMs = options.timeoutMs ?? 120_000;
  // Over node:http (no fetch, no web streams: a status query costs a fraction of fetch's CPU), unless a fetch
  // was injected (tests, ports) or a proxy is configured: then everything goes through fetch.
  if (deps.fetch === globalThis.fetch && !proxyConfigured()) {
    const answer = await overNodeHttp(url, headers, options, multipart, timeoutMs, failed);
    if (answer) {
      return {
        status: answer.status,
        headers: answer.headers,
        body: parseBody(answer.text),
        retryAfterMs: retryAfterMs(answer.headers, deps.now()),
      };
    }
    // A redirected status query: fetch follows it, as it always did.
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let body: string | FormData | undefined;
  if (options.body && 'json' in options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body.json);
  } else if (multipart) body = await toFormData(multipart);
  let res: Response;
  try {
    res = await deps.fetch(url, { method: options.method, headers, body, signal });
  } catch (e) {
    throw failed(errorCode(e), errorMessage(e));
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw new GatewayNetworkError(`response broke off: ${errorMessage(e)}`, true);
  }
  return {
    status: res.status,
    headers: res.headers,
    body: parseBody(text),
    retryAfterMs: retryAfterMs(res.headers, deps.now()),
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

/**
 * One exchange over node:http(s) with fetch's error meanings: null when a GET is redirected (the caller
 * asks fetch, which follows it). The timeout and the caller's signal share one controller.
 */
async function overNodeHttp(
  url: string,
  headers: Record<string, string>,
  options: RequestOptions,
  multipart: MultipartForm | null,
  timeoutMs: number,
  failed: (code: string | undefined, message: string) => GatewayNetworkError,
): Promise<SentAnswer | null> {
  let body: SendBody = null;
  if (multipart) {
    try {
      body = { multipart: await prepareMultipart(multipart) }; // measures the files: nothing is sent yet
    } catch (e) {
      throw new GatewayNetworkError(errorMessage(e), false);
    }
  } else if (options.body && 'json' in options.body) body = { json: JSON.stringify(options.body.json) };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  );
  const outer = options.signal;
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const signal = controller.signal;
  try {
    const answer = await sendRequest(url, options.method, headers, body, signal);
    // A status query that is redirected is asked again through fetch, which follows it (and drops the key
    // when the redirect leaves the origin). A submission never is: it went out once, and its answer stands.
    const redirected = REDIRECT_STATUSES.has(answer.status) && answer.headers.has('location');
    return redirected && options.method === 'GET' ? null : answer;
  } catch (e) {
    const message = errorMessage(e);
    if (e instanceof SendError && e.answerBroke)
      throw new GatewayNetworkError(`response broke off: ${message}`, true);
    // A timeout or an abort reads as fetch's did ("The operation was aborted due to timeout").
    const reason: unknown = signal.aborted ? signal.reason : null;
    if (reason instanceof Error) throw failed(undefined, reason.message);
    throw failed(e instanceof SendError ? e.code : undefined, message);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
