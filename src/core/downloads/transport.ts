import type { ConnectionOptions } from 'node:tls';
import { wireGet } from './wire/http1-get';
import type { BodySink, SinkReady } from './wire/http1-parse';

/** A response whose body is handed to a synchronous sink (fetch's or the HTTP/1.1 reader's). */
export interface BodyResponse {
  readonly status: number;
  /** A header value (case-insensitive name), null when absent. */
  header(name: string): string | null;
  /**
   * Streams the body into `sink`; resolves at its end, rejects when it breaks off (or on abort). After each
   * read `ready` may answer a promise: reading waits for it (backpressure; a rejection ends the body).
   */
  pipeTo(sink: BodySink, ready?: SinkReady): Promise<void>;
  /** Drops the rest of the body (also ends a running `pipeTo`). */
  cancel(): Promise<void>;
  /** Which reader carried the response (for tests and the bench). */
  readonly via: 'wire' | 'fetch';
}

/** One GET: follows redirects; the caller's headers never leave the URL's origin. */
export type Transport = (
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
) => Promise<BodyResponse>;

/** Headers kept when a redirect leaves the first origin (every other header, the key among them, is dropped). */
const CROSS_ORIGIN_SAFE = new Set(['range', 'accept-encoding', 'accept', 'user-agent']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/** True when the environment configures a proxy: then downloads go through fetch, which owns that setting. */
export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'].some(
    (k) => (env[k] ?? env[k.toLowerCase()] ?? '').trim() !== '',
  );
}

/** Downloads through `fetchImpl` (an injected client's fetch, a proxy, a content-encoded answer). */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (url, headers, signal) => {
    const res = await fetchImpl(url, { headers, signal, redirect: 'follow' });
    let cancelled = false;
    return {
      status: res.status,
      via: 'fetch',
      header: (name) => res.headers.get(name),
      async pipeTo(sink, ready) {
        if (!res.body) return;
        for await (const chunk of res.body) {
          sink(chunk, 0, chunk.byteLength);
          if (cancelled) break; // leaving the loop cancels the stream
          const wait = ready?.();
          if (wait) await wait;
        }
      },
      async cancel() {
        cancelled = true;
        try {
          await res.body?.cancel();
        } catch {
          // already closed or locked by a running pipeTo (which stops at its next chunk)
        }
      },
    };
  };
}

/**
 * Downloads through the HTTP/1.1 reader ({@link wireGet}): one connection per exchange, the body read
 * into one reused buffer and handed on without web streams. Redirects are followed here (at most 20);
 * once a redirect leaves the first URL's origin only {@link CROSS_ORIGIN_SAFE} headers go along, so a
 * gateway key set for the profile's own origin never reaches another host, whatever its header's name.
 * A content-encoded answer (which this reader does not decode) is fetched again through `fallback`.
 */
export function wireTransport(
  fallback: Transport,
  tls?: Pick<ConnectionOptions, 'ca' | 'rejectUnauthorized'>,
): Transport {
  return async (url, headers, signal) => {
    let current = new URL(url);
    const origin = current.origin;
    let sent = headers;
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:')
        throw new TypeError(`cannot download from a ${current.protocol} URL`);
      const res = await wireGet({ url: current, headers: sent, signal, ...(tls ? { tls } : {}) });
      const location = res.headers.get('location');
      if (REDIRECTS.has(res.status) && location !== undefined) {
        res.cancel();
        if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
        current = new URL(location, current);
        if (current.origin !== origin) {
          sent = Object.fromEntries(
            Object.entries(sent).filter(([k]) => CROSS_ORIGIN_SAFE.has(k.toLowerCase())),
          );
        }
        continue;
      }
      if (res.framing === null) {
        res.cancel();
        return fallback(current.href, sent, signal);
      }
      return {
        status: res.status,
        via: 'wire',
        header: (name) => res.headers.get(name.toLowerCase()) ?? null,
        pipeTo: (sink, ready) => res.pipeTo(sink, ready),
        cancel: async () => res.cancel(),
      };
    }
  };
}
