import type { Transport } from './transport';

/** Result of a finished download or base64 write: what the history DB records for the file. */
export interface DownloadOutcome {
  /** Size in bytes of the complete temp file. */
  size: number;
  /** Lower-case hex sha256 of the complete file content. */
  sha256: string;
  /** `Content-Type` of the response (parameters stripped), or the sniffed/declared type for base64; null if unknown. */
  contentType: string | null;
  /**
   * The file's first bytes (up to 64), when every byte from offset 0 passed through this process: what the
   * media sniffer needs, without opening the file again. Absent after a resumed prefix: read the file then.
   */
  head?: Uint8Array;
}

/** Progress callback: bytes in the temp file so far and the total when known. Throttled to ~10 calls/s. */
export type ProgressListener = (received: number, total: number | null) => void;

/** Retry delays between failed attempts (exponential with jitter). */
export interface BackoffOptions {
  /** First delay in ms (default 500). */
  baseMs?: number;
  /** Cap of a single delay in ms (default 15 000). */
  maxMs?: number;
}

/** Options of `downloadFile`. */
export interface DownloadOptions {
  /** Absolute URL of the file (a signed result URL or the gateway's `/v1/videos/{id}/content`). */
  url: string;
  /** Extra request headers, e.g. `Authorization` for the gateway content endpoint. */
  headers?: Record<string, string>;
  /**
   * Partial file in an app-owned temp folder. If it already holds bytes, the download resumes from its
   * size (this is how downloads continue after an app restart). Parent folders are created.
   */
  tempPath: string;
  /** Size the caller expects; used when the server sends no length, and checked against the server's. */
  expectedSize?: number;
  /** Stops the download; the partial file is kept and `DownloadAbortedError` is thrown. */
  signal?: AbortSignal;
  /** Progress events, throttled to ~10/s, with a final call at completion. */
  onProgress?: ProgressListener;
  /**
   * Attempts without progress allowed in a row before `DownloadIncompleteError` (default 8). An attempt that
   * added bytes resets the count; the total number of requests is capped at 4 × maxAttempts.
   */
  maxAttempts?: number;
  /** Called before each wait between attempts: the next attempt's number (2 = first retry) and the wait. */
  onRetry?: (retry: { attempt: number; delayMs: number; reason: unknown }) => void;
  /** How the GETs are made: the injected HttpClient's `download` (default: the system client's). */
  transport?: Transport;
  /** Delays between failed attempts. */
  backoff?: BackoffOptions;
  /** Longest honoured `Retry-After` in ms (default 300 000); longer values are clamped. */
  maxRetryAfterMs?: number;
  /** An attempt that receives no byte for this long is abandoned and retried (default 60 000 ms). */
  idleTimeoutMs?: number;
}
