import { errorMessage } from '../../shared/error-message';
import { fetchTransport } from '../downloads/transport';
import { toFormData } from '../gateway/multipart';
import { HttpFailure, type HttpAnswer, type HttpClient, type HttpRequest } from './http-client';

function errorCode(e: unknown): string | undefined {
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** One exchange through `fetchImpl` (it follows redirects; a multipart form goes as FormData). */
export async function exchangeByFetch(fetchImpl: typeof fetch, request: HttpRequest): Promise<HttpAnswer> {
  const headers = { ...request.headers };
  let body: string | FormData | undefined;
  if (request.body && 'json' in request.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body.json);
  } else if (request.body) {
    try {
      body = await toFormData(request.body.multipart);
    } catch (e) {
      throw new HttpFailure(errorMessage(e), 'unsent');
    }
  }
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetchImpl(request.url, { method: request.method, headers, body, signal });
  } catch (e) {
    throw new HttpFailure(errorMessage(e), 'request', errorCode(e));
  }
  try {
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (e) {
    throw new HttpFailure(errorMessage(e), 'answer');
  }
}

/** Everything through one fetch: what tests inject (a counting or quoting fetch), and the client behind a proxy. */
export function fetchHttpClient(fetchImpl: typeof fetch): HttpClient {
  return {
    exchange: (request) => exchangeByFetch(fetchImpl, request),
    download: fetchTransport(fetchImpl),
    fetch: fetchImpl,
  };
}
