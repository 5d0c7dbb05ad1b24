import { errorMessage } from '../../shared/error-message';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { PreparedMultipart } from './multipart';

/** What came back: status, headers as fetch's `Headers`, and the body as text. */
export interface SentAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** A failure before the answer: `code` is Node's (ECONNREFUSED …) when there is one; `answerBroke` after the head. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly answerBroke: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** A request body: JSON text, or a multipart form streamed from disk. */
export type SendBody = { json: string } | { multipart: PreparedMultipart } | null;

/**
 * Connections kept open between status queries (a poll is a GET: a stale kept socket is retried once, see
 * {@link sendRequest}). Submissions never reuse one: a POST on a socket the server just closed would break
 * after it may have been read, which the engine must then report as "maybe accepted".
 */
const KEEP = { keepAlive: true, keepAliveMsecs: 1000, maxFreeSockets: 16, timeout: 30_000 };
const keptHttp = new HttpAgent(KEEP);
const keptHttps = new HttpsAgent(KEEP);

function toHeaders(res: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) {
      try {
        h.append(k, one);
      } catch {
        // a header value fetch would refuse: not one the gateway code reads
      }
    }
  }
  return h;
}

const codeOf = (e: unknown): string | undefined => {
  const c = (e as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : undefined;
};

/** The body as text, decoded when the server compressed it though we never asked (fetch decodes too). */
function decode(res: IncomingMessage, body: Buffer): string {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Statuses whose answer is "ask elsewhere": the caller hands such requests to fetch, which follows them. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * One exchange over node:http(s): a JSON or multipart body with its exact Content-Length up front (files
 * streamed in large reads with backpressure: no FormData, no web streams, no copy per chunk), the answer
 * read as text. `signal` aborts everything. A GET on a kept connection that the server had closed is sent
 * once more on a fresh one (nothing was processed: the socket was dead before it was written).
 */
export async function sendRequest(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: SendBody,
  signal: AbortSignal,
): Promise<SentAnswer> {
  try {
    return await sendOnce(url, method, headers, body, signal, method === 'GET');
  } catch (e) {
    if (e instanceof StaleSocketError) return sendOnce(url, method, headers, body, signal, false);
    throw e;
  }
}

/** A kept socket turned out closed before anything came back. */
class StaleSocketError extends Error {}

async function sendOnce(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: SendBody,
  signal: AbortSignal,
  keep: boolean,
): Promise<SentAnswer> {
  const target = new URL(url);
  const https = target.protocol === 'https:';
  const send = https ? httpsRequest : httpRequest;
  const sized: Record<string, string> = { ...headers };
  if (body && 'json' in body) {
    sized['Content-Type'] = 'application/json';
    sized['Content-Length'] = String(Buffer.byteLength(body.json));
  } else if (body) {
    sized['Content-Type'] = body.multipart.contentType;
    sized['Content-Length'] = String(body.multipart.length);
  }
  const req = send(target, {
    method,
    headers: sized,
    signal,
    agent: keep ? (https ? keptHttps : keptHttp) : false,
  });
  // A body that does not match its Content-Length is an error, never sent as is (Node ≥ 18.10; untyped here).
  (req as typeof req & { strictContentLength: boolean }).strictContentLength = true;
  let answered = false;
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', (res: IncomingMessage) => {
      answered = true; // an early answer (a refusal before the body was read): stop sending
      resolve(res);
    });
    req.once('error', (e) =>
      reject(keep && req.reusedSocket && !answered && !signal.aborted ? new StaleSocketError() : e),
    );
  });
  answer.catch(() => undefined); // observed below; a failure while writing is reported from there
  try {
    if (body && 'multipart' in body) {
      for await (const chunk of body.multipart.chunks()) {
        if (req.destroyed || answered) break;
        // The chunk's buffer is read into again after the next pull: wait until it is on the socket (this is
        // the backpressure too; a failed write rejects `answer` through the request's 'error').
        const written = new Promise<void>((resolve) => req.write(chunk, () => resolve()));
        await Promise.race([written, answer]);
      }
      if (!answered) req.end();
    } else req.end(body ? body.json : undefined);
  } catch (e) {
    req.destroy(e instanceof Error ? e : new Error(String(e)));
    throw new SendError(errorMessage(e), codeOf(e), false);
  }
  let res: IncomingMessage;
  try {
    res = await answer;
  } catch (e) {
    if (e instanceof StaleSocketError) throw e;
    throw new SendError(errorMessage(e), codeOf(e), false);
  }
  try {
    const chunks: Buffer[] = [];
    for await (const part of res) chunks.push(part as Buffer);
    if (!req.writableFinished) req.destroy(); // answered before the whole body went out
    const raw = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    return { status: res.statusCode ?? 0, headers: toHeaders(res), text: decode(res, raw) };
  } catch (e) {
    throw new SendError(errorMessage(e), codeOf(e), true);
  }
}
