/**
 * Typed failures of the download module. Every error carries a stable `code` so the engine and the
 * bridge can branch on it without `instanceof` across process boundaries.
 */

/** Stable identifiers of download failures. */
export type DownloadErrorCode =
  'expired' | 'incomplete' | 'aborted' | 'http' | 'size-mismatch' | 'invalid-base64' | 'io' | 'not-media';

/** Base class of every error thrown by `src/core/downloads`. */
export class DownloadError extends Error {
  /** Stable identifier of the failure kind. */
  readonly code: DownloadErrorCode;

  constructor(code: DownloadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DownloadError';
    this.code = code;
  }
}

/**
 * The URL answered 403, 404 or 410: a signed result URL that expired or a gateway that no longer knows
 * the file. The partial temp file is kept; the engine should re-query the task for a fresh URL and call
 * `downloadFile` again with the same `tempPath` (api-notes E.3).
 */
export class ExpiredUrlError extends DownloadError {
  /** HTTP status that signalled the expiry. */
  readonly status: number;
  /** Bytes already in the temp file (kept for a resume with the fresh URL). */
  readonly received: number;

  constructor(status: number, received: number) {
    super('expired', `download URL answered HTTP ${status} (expired or gone); ${received} bytes kept`);
    this.name = 'ExpiredUrlError';
    this.status = status;
    this.received = received;
  }
}

/** Every attempt was used up before the file was complete. The partial temp file is kept. */
export class DownloadIncompleteError extends DownloadError {
  /** Bytes in the temp file when giving up. */
  readonly received: number;
  /** Total size announced by the server (or `expectedSize`), null when never known. */
  readonly total: number | null;
  /** HTTP requests made by this call. */
  readonly attempts: number;

  constructor(received: number, total: number | null, attempts: number, cause: unknown) {
    const of = total === null ? '' : ` of ${total}`;
    super('incomplete', `download incomplete after ${attempts} attempts: ${received}${of} bytes`, { cause });
    this.name = 'DownloadIncompleteError';
    this.received = received;
    this.total = total;
    this.attempts = attempts;
  }
}

/** The caller's `AbortSignal` fired. The partial temp file is kept so a later call can resume. */
export class DownloadAbortedError extends DownloadError {
  /** Bytes in the temp file when the download stopped. */
  readonly received: number;

  constructor(received: number, cause?: unknown) {
    super('aborted', `download aborted after ${received} bytes`, { cause });
    this.name = 'DownloadAbortedError';
    this.received = received;
  }
}

/**
 * A non-retryable HTTP answer other than the expiry statuses (401, 400 "task not completed yet", 405 …).
 * Retrying the same request cannot help; the partial temp file is kept.
 */
export class DownloadHttpError extends DownloadError {
  /** HTTP status of the answer. */
  readonly status: number;

  constructor(status: number, detail: string) {
    super('http', `download failed with HTTP ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'DownloadHttpError';
    this.status = status;
  }
}

/**
 * The server's total size disagrees with the caller's `expectedSize`, or a complete transfer ended with a
 * different size. Retrying the same URL would give the same bytes, so this is not retried.
 */
export class DownloadSizeMismatchError extends DownloadError {
  /** Size the caller expected. */
  readonly expected: number;
  /** Size the server announced or delivered. */
  readonly actual: number;

  constructor(expected: number, actual: number) {
    super('size-mismatch', `expected ${expected} bytes but the server has ${actual}`);
    this.name = 'DownloadSizeMismatchError';
    this.expected = expected;
    this.actual = actual;
  }
}

/** A `b64_json` payload that is not valid base64 (or decodes to nothing). */
export class InvalidBase64Error extends DownloadError {
  constructor(detail: string) {
    super('invalid-base64', `invalid base64 image payload: ${detail}`);
    this.name = 'InvalidBase64Error';
  }
}

/**
 * The finished download is not an image, video or audio file of a type Atelier knows (its first bytes say
 * so, whatever the URL or Content-Type claimed). The file was deleted; nothing is stored in the library.
 */
export class NotMediaError extends DownloadError {
  constructor(looksLike: string) {
    super(
      'not-media',
      `The gateway sent a file that is not an image, video or audio file Atelier knows (it looks like ${looksLike}); it was not saved.`,
    );
    this.name = 'NotMediaError';
  }
}
