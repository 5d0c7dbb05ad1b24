import { errorMessage } from '../../shared/error-message';
import { fetchTransport, proxyConfigured, wireTransport } from '../downloads/transport';
import { prepareMultipart } from '../gateway/multipart';
import { REDIRECT_STATUSES, SendError, sendRequest, type SendBody, type SentAnswer } from '../gateway/send-request';
import { exchangeByFetch } from './fetch-http-client';
import { HttpFailure, type HttpAnswer, type HttpClient, type HttpRequest } from './http-client';

/**
 * The production client. Gateway exchanges go over node:http (no web streams: a status query costs a fraction
 * of fetch's CPU) and downloads through the HTTP/1.1 reader; a redirected status query and a content-encoded
 * download are asked again through fetch, which follows and decodes them. When the environment configures a
 * proxy (checked per request), everything goes through fetch, which owns that setting.
 */
export function systemHttpClient(): HttpClient {
  const viaFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
  const fetchDownload = fetchTransport(viaFetch);
  const wireDownload = wireTransport(fetchDownload);
  return {
    async exchange(request) {
      if (proxyConfigured()) return exchangeByFetch(viaFetch, request);
      return (await overNodeHttp(request)) ?? exchangeByFetch(viaFetch, request);
    },
    download: (url, headers, signal) =>
      (proxyConfigured() ? fetchDownload : wireDownload)(url, headers, signal),
    fetch: viaFetch,
  };
}

/**
 * One exchange over node:http(s) with fetch's error meanings: null when a GET is redirected (the caller asks
 * fetch, which follows it). The timeout and the caller's signal share one controller.
 */
async function overNodeHttp(request: HttpRequest): Promise<HttpAnswer | null> {
  let body: SendBody = null;
  if (request.body && 'multipart' in request.body) {
    try {
      body = { multipart: await prepareMultipart(request.body.multipart) }; // measures the files: nothing is sent yet
    } catch (e) {
      throw new HttpFailure(errorMessage(e), 'unsent');
    }
  } else if (request.body) body = { json: JSON.stringify(request.body.json) };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    request.timeoutMs,
  );
  const outer = request.signal;
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const signal = controller.signal;
  try {
    const answer: SentAnswer = await sendRequest(request.url, request.method, request.headers, body, signal);
    // A status query that is redirected is asked again through fetch, which follows it (and drops the key
    // when the redirect leaves the origin). A submission never is: it went out once, and its answer stands.
    const redirected = REDIRECT_STATUSES.has(answer.status) && answer.headers.has('location');
    return redirected && request.method === 'GET' ? null : answer;
  } catch (e) {
    const message = errorMessage(e);
    if (e instanceof SendError && e.answerBroke) throw new HttpFailure(message, 'answer');
    // A timeout or an abort reads as fetch's did ("The operation was aborted due to timeout").
    const reason: unknown = signal.aborted ? signal.reason : null;
    if (reason instanceof Error) throw new HttpFailure(reason.message, 'request');
    throw new HttpFailure(message, 'request', e instanceof SendError ? e.code : undefined);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
