import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { PreparedMultipart } from './multipart';

/** What came back: status, headers as fetch's `Headers`, and the body as text. */
export interface MultipartAnswer {
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

/**
 * POSTs a multipart body with node:http(s): the exact Content-Length up front, the files streamed in large
 * reads with backpressure (no FormData, no web streams, no copy per chunk). `signal` aborts everything.
 */
export async function sendMultipart(
  url: string,
  headers: Record<string, string>,
  body: PreparedMultipart,
  signal: AbortSignal,
): Promise<MultipartAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send(target, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': body.contentType, 'Content-Length': String(body.length) },
    signal,
  });
  // A body that does not match its Content-Length is an error, never sent as is (Node ≥ 18.10; untyped here).
  (req as typeof req & { strictContentLength: boolean }).strictContentLength = true;
  let answered = false;
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', (res: IncomingMessage) => {
      answered = true; // an early answer (a refusal before the body was read): stop sending
      resolve(res);
    });
    req.once('error', reject);
  });
  answer.catch(() => undefined); // observed below; a failure while writing is reported from there
  try {
    for await (const chunk of body.chunks()) {
      if (req.destroyed || answered) break;
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer]);
    }
    if (!answered) req.end();
  } catch (e) {
    req.destroy(e instanceof Error ? e : new Error(String(e)));
    throw new SendError(e instanceof Error ? e.message : String(e), codeOf(e), false);
  }
  let res: IncomingMessage;
  try {
    res = await answer;
  } catch (e) {
    throw new SendError(e instanceof Error ? e.message : String(e), codeOf(e), false);
  }
  try {
    res.setEncoding('utf8');
    let text = '';
    for await (const part of res) text += part as string;
    if (!req.writableFinished) req.destroy(); // answered before the whole body went out
    return { status: res.statusCode ?? 0, headers: toHeaders(res), text };
  } catch (e) {
    throw new SendError(e instanceof Error ? e.message : String(e), codeOf(e), true);
  }
}
