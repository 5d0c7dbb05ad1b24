import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimFamily, SimRequestLogEntry } from './types';

/** An error a handler throws to answer with a JSON body `{code, message}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, 'invalid_request', message);
}

/**
 * Unknown task ids answer 404 `{code:"task_not_exist"}`. The spec is silent; new-api uses the
 * same code (with 400), and 404 lets a client tell "no such task" from "bad parameters".
 */
export function taskNotFound(id: string): HttpError {
  return new HttpError(404, 'task_not_exist', `task ${JSON.stringify(id)} does not exist`);
}

/** One request being served, with the log entry it fills in. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  entry: SimRequestLogEntry;
  /** captures of the matched route pattern */
  params: string[];
  family: SimFamily | undefined;
  /** set by the slowBody fault on submit/query: pause before the second half of a JSON body */
  slowMs: number;
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** Long strings (base64 images) are shortened in the log so it stays small and readable. */
function forLog(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > 4096 ? `${value.slice(0, 256)}…(${value.length} chars)` : value;
  if (Array.isArray(value)) return value.map(forLog);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forLog(v)]));
  return value;
}

/** Reads a JSON object body (≤ 64 MB: JSON may carry base64 images) and records it in the log. */
export async function readJsonObject(ex: Exchange): Promise<Record<string, unknown>> {
  const raw = await readBody(ex.req, 64 * 1024 * 1024);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('request body must be valid JSON');
  }
  ex.entry.json = forLog(parsed);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export function sendJson(
  ex: Exchange,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = Buffer.from(JSON.stringify(body));
  ex.entry.status = status;
  ex.res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(text.length),
    ...headers,
  });
  if (ex.slowMs <= 0) {
    ex.res.end(text);
    return;
  }
  const half = Math.floor(text.length / 2);
  ex.res.write(text.subarray(0, half));
  setTimeout(() => ex.res.end(text.subarray(half)), ex.slowMs);
}

export function sendError(ex: Exchange, err: HttpError): void {
  sendJson(ex, err.status, { code: err.code, message: err.message }, err.headers);
}
