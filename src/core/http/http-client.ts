import type { Transport } from '../downloads/transport';
import type { MultipartForm } from '../gateway/multipart';

/** One request whose answer is read whole (a gateway submission or status query). */
export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON, or a multipart form whose files are read from disk when it is sent. */
  body?: { json: unknown } | { multipart: MultipartForm };
  signal?: AbortSignal;
  timeoutMs: number;
}

/** What came back: the status, the headers and the whole body as text. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * A request that got no whole answer. `stage` says how far it went: `unsent` (the body could not be made, so
 * nothing left this machine), `request` (no answer: refused, reset, timed out; `code` is the system's, when
 * known) or `answer` (the answer broke off after its status).
 */
export class HttpFailure extends Error {
  constructor(
    message: string,
    readonly stage: 'unsent' | 'request' | 'answer',
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/**
 * Core's one way out to the network, injected at the composition root: production uses
 * {@link systemHttpClient} (node:http and the HTTP/1.1 reader, fetch behind a proxy); tests inject
 * {@link fetchHttpClient} over a fetch of their own. Nothing else in core picks a client.
 */
export interface HttpClient {
  /** One request, its answer read whole. Rejects with {@link HttpFailure} only; an HTTP status is an answer. */
  exchange(request: HttpRequest): Promise<HttpAnswer>;
  /** One streamed GET (result downloads): follows redirects; the caller's headers never leave the URL's origin. */
  download: Transport;
  /** Plain fetch, for the few callers that want a Response (URL inputs, the connection test). */
  fetch: typeof fetch;
}
