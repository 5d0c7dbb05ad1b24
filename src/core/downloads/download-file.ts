import { ensureDir } from './ensure-dir';
import { dirname } from 'node:path';
import { parseContentLength, parseContentRange, parseUnsatisfiedRangeTotal } from './content-range';
import {
  DownloadAbortedError,
  DownloadHttpError,
  DownloadIncompleteError,
  DownloadSizeMismatchError,
  ExpiredUrlError,
} from './errors';
import { HashedFile } from './file-sink';
import { createProgressReporter, type ProgressReporter } from './progress';
import { backoffDelay, parseRetryAfter, sleep } from './retry-timing';
import { systemHttpClient } from '../http/system-http-client';
import type { BodyResponse, Transport } from './transport';
import type { DownloadOptions, DownloadOutcome } from './types';

/** What one HTTP attempt ended with. */
type AttemptResult =
  | { kind: 'complete' }
  /** Retry: `delayMs` null means "use backoff"; `progressed` when bytes were added. */
  | { kind: 'retry'; reason: unknown; delayMs: number | null; progressed: boolean };

interface RunState {
  readonly options: DownloadOptions;
  readonly file: HashedFile;
  readonly progress: ProgressReporter;
  readonly transport: Transport;
  /** Total size once known (server or `expectedSize`). */
  total: number | null;
  contentType: string | null;
}

const EXPIRED_STATUSES = new Set([403, 404, 410]);

/**
 * Downloads `url` into `tempPath`, streaming (memory stays flat whatever the size), verifying the size
 * against `Content-Length` / `Content-Range`, resuming short bodies with `Range: bytes=<have>-`, restarting
 * from zero when the server ignores Range, and retrying network errors, resets and 5xx with backoff and
 * jitter (429/503 honour `Retry-After`). The sha256 covers the final content: an existing prefix is hashed
 * first, then the hash continues while streaming.
 *
 * The temp file is left in place on every failure so a later call can resume it.
 *
 * @throws {ExpiredUrlError} on 403/404/410 — re-query the task for a fresh URL, then call again.
 * @throws {DownloadIncompleteError} when `maxAttempts` attempts in a row added no byte.
 * @throws {DownloadAbortedError} when `signal` aborts.
 * @throws {DownloadHttpError} on other non-retryable statuses (401, 400 …).
 * @throws {DownloadSizeMismatchError} when the server's size differs from `expectedSize`.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadOutcome> {
  const { signal } = options;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 8);
  const maxRequests = maxAttempts * 4;
  const baseMs = options.backoff?.baseMs ?? 500;
  const maxMs = options.backoff?.maxMs ?? 15_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const file = new HashedFile(options.tempPath);
  const expected = options.expectedSize ?? null;

  if (signal?.aborted) throw new DownloadAbortedError(0, signal.reason);
  ensureDir(dirname(options.tempPath));
  await file.adoptExisting(expected);

  const state: RunState = {
    options,
    file,
    progress: createProgressReporter(options.onProgress),
    transport: options.transport ?? systemHttpClient().download,
    total: expected,
    contentType: null,
  };

  // The caller vouches for the size: a temp file that already has it is complete (restart after the
  // transfer finished but before it was moved into the library). No request, so an expired URL is fine.
  if (expected !== null && file.size === expected && expected > 0) return finish(state);

  let failures = 0;
  let requests = 0;
  let lastReason: unknown = null;
  try {
    for (;;) {
      if (signal?.aborted) throw new DownloadAbortedError(file.size, signal.reason);
      if (failures >= maxAttempts || requests >= maxRequests) {
        throw new DownloadIncompleteError(file.size, state.total, requests, lastReason);
      }
      requests += 1;
      const result = await attempt(state);
      if (result.kind === 'complete') return await finish(state);
      lastReason = result.reason;
      // Attempts that added bytes reset the give-up count, but not the spacing: a server that always cuts
      // the body short is retried with exponential backoff and jitter too, not in a tight loop.
      if (result.progressed) failures = 0;
      else failures += 1;
      const delay = Math.min(result.delayMs ?? backoffDelay(requests, baseMs, maxMs), maxRetryAfterMs);
      if (failures >= maxAttempts || requests >= maxRequests) continue; // give up now, not after one more wait
      options.onRetry?.({ attempt: requests + 1, delayMs: delay, reason: result.reason });
      try {
        await sleep(delay, signal);
      } catch {
        throw new DownloadAbortedError(file.size, signal?.reason);
      }
    }
  } finally {
    await file.close().catch(() => undefined);
  }
}

async function finish(state: RunState): Promise<DownloadOutcome> {
  await state.file.close();
  const size = state.file.size;
  state.progress.flush(size, state.total ?? size);
  const head = state.file.head();
  return { size, sha256: await state.file.digest(), contentType: state.contentType, ...(head ? { head } : {}) };
}

/** One HTTP request: resolves how the loop should continue, or throws a non-retryable error. */
async function attempt(state: RunState): Promise<AttemptResult> {
  const { options, file } = state;
  const outer = options.signal;
  const controller = new AbortController();
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  // Idle watchdog: a cheap interval checks that bytes keep arriving (no per-chunk timer churn).
  const idleMs = options.idleTimeoutMs ?? 60_000;
  let lastSize = file.size;
  let lastChange = performance.now();
  const watchdog = setInterval(
    () => {
      const now = performance.now();
      if (file.size !== lastSize) {
        lastSize = file.size;
        lastChange = now;
      } else if (now - lastChange >= idleMs) {
        controller.abort(new Error(`no data for ${idleMs} ms`));
      }
    },
    Math.max(10, Math.min(1000, Math.floor(idleMs / 4))),
  );
  watchdog.unref();
  const aborted = (cause: unknown): DownloadAbortedError =>
    new DownloadAbortedError(file.size, outer?.reason ?? cause);

  try {
    const headers: Record<string, string> = { ...options.headers, 'accept-encoding': 'identity' };
    const resumeFrom = file.size;
    if (resumeFrom > 0) headers.range = `bytes=${resumeFrom}-`;

    let res: BodyResponse;
    try {
      res = await state.transport(options.url, headers, controller.signal);
    } catch (err) {
      if (outer?.aborted) throw aborted(err);
      return { kind: 'retry', reason: err, delayMs: null, progressed: false };
    }

    const status = res.status;
    if (status !== 200 && status !== 206) {
      const detail = await drainText(res);
      if (EXPIRED_STATUSES.has(status)) throw new ExpiredUrlError(status, file.size);
      if (status === 416) return handleUnsatisfiable(state, res, resumeFrom);
      if (status === 429 || status === 503) {
        const wait = parseRetryAfter(res.header('retry-after'));
        return {
          kind: 'retry',
          reason: new DownloadHttpError(status, detail),
          delayMs: wait,
          progressed: false,
        };
      }
      if (status >= 500 || status === 408) {
        return {
          kind: 'retry',
          reason: new DownloadHttpError(status, detail),
          delayMs: null,
          progressed: false,
        };
      }
      throw new DownloadHttpError(status, detail);
    }

    // Work out where this body starts and how long it must be.
    let bodyLength: number | null = parseContentLength(res.header('content-length'));
    let total: number | null;
    if (status === 206) {
      const range = parseContentRange(res.header('content-range'));
      if (range === null || range.first !== resumeFrom) {
        // A range we did not ask for: start over without Range.
        await cancelBody(res);
        await file.reset();
        return {
          kind: 'retry',
          reason: new Error('unexpected Content-Range'),
          delayMs: 0,
          progressed: false,
        };
      }
      bodyLength = range.last - range.first + 1;
      total = range.total;
    } else {
      if (resumeFrom > 0) await file.reset(); // server ignored Range: restart from zero
      total = bodyLength;
    }
    if (total === null && bodyLength === null && state.total !== null && status === 200) total = state.total;
    const expected = options.expectedSize;
    if (total !== null && expected !== undefined && total !== expected) {
      await cancelBody(res);
      throw new DownloadSizeMismatchError(expected, total);
    }
    if (total !== null) state.total = total;
    state.contentType ??= mediaType(res.header('content-type'));

    file.expectTotal(state.total);
    const start = file.size;
    const goal = bodyLength === null ? null : start + bodyLength;
    // The sink hashes each read as it arrives and hands a copy to the disk, which writes it while the next
    // reads come in and are hashed; the reader pauses only when the disk falls 4 MiB behind.
    const { progress } = state;
    try {
      await res.pipeTo(
        (buf, off, len) => {
          file.append(buf, off, len);
          progress.report(file.size, state.total);
        },
        () => file.ready(),
      );
    } catch (err) {
      if (outer?.aborted) throw aborted(err);
      if (file.writeFailed) throw err;
      await file.close();
      return { kind: 'retry', reason: err, delayMs: null, progressed: file.size > start };
    }
    await file.close();
    state.progress.report(file.size, state.total);

    if (goal !== null && file.size < goal) {
      return {
        kind: 'retry',
        reason: new Error(`short body: ${file.size - start} of ${bodyLength} bytes`),
        delayMs: null,
        progressed: file.size > start,
      };
    }
    if (goal !== null && file.size > goal) {
      await file.reset();
      return {
        kind: 'retry',
        reason: new Error('body longer than announced'),
        delayMs: null,
        progressed: false,
      };
    }
    if (state.total !== null && file.size !== state.total) {
      // A 206 that ended before the total (the server sent a smaller range): ask for the rest.
      if (file.size < state.total) {
        return {
          kind: 'retry',
          reason: new Error('range ended early'),
          delayMs: 0,
          progressed: file.size > start,
        };
      }
      throw new DownloadSizeMismatchError(state.total, file.size);
    }
    return { kind: 'complete' };
  } finally {
    clearInterval(watchdog);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** 416 to `bytes=<have>-`: complete when the total equals what we have, otherwise start over. */
async function handleUnsatisfiable(
  state: RunState,
  res: BodyResponse,
  resumeFrom: number,
): Promise<AttemptResult> {
  const total = parseUnsatisfiedRangeTotal(res.header('content-range'));
  if (resumeFrom > 0 && total !== null && total === resumeFrom) {
    const expected = state.options.expectedSize;
    if (expected !== undefined && expected !== total) throw new DownloadSizeMismatchError(expected, total);
    state.total = total;
    return { kind: 'complete' };
  }
  await state.file.reset();
  return {
    kind: 'retry',
    reason: new DownloadHttpError(416, 'range not satisfiable'),
    delayMs: 0,
    progressed: false,
  };
}

/** `image/png; charset=x` → `image/png`; null when absent. */
function mediaType(value: string | null): string | null {
  if (value === null) return null;
  const t = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return t === '' ? null : t;
}

/** Reads the start of an error body for the message (at most 4 KiB kept, 300 chars used), ignoring failures. */
async function drainText(res: BodyResponse): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    await res.pipeTo((buf, off, len) => {
      if (size >= 4096) return;
      parts.push(Buffer.from(buf.subarray(off, off + Math.min(len, 4096 - size))));
      size += len;
      if (size >= 4096) void res.cancel(); // the rest is not worth reading
    });
  } catch {
    // a broken error body is not worth more than its status
  }
  return Buffer.concat(parts).toString('utf8').slice(0, 300).trim();
}

async function cancelBody(res: BodyResponse): Promise<void> {
  try {
    await res.cancel();
  } catch {
    // already closed
  }
}
