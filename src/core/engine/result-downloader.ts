import { errorMessage } from '../../shared/error-message';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { hashPrefix } from '../downloads/file-sink';
import { sniffContentType } from '../downloads/write-base64';
import { ensureDir } from '../downloads/ensure-dir';
import { join, relative } from 'node:path';
import type { TaskResult } from '../../shared/domain/task';
import { getOperation } from '../../shared/operations/catalog';
import {
  admitResult,
  downloadFile,
  ExpiredUrlError,
  fileNameFromPattern,
  moveIntoLibrary,
  writeBase64File,
  type DownloadOutcome,
} from '../downloads';
import { ADAPTERS } from '../gateway/adapters';
import { authHeaders, type GatewayTarget } from '../gateway/http';
import type { RemoteResult } from '../gateway/parse';
import type { Clock, Logger } from '../ports';
import type { HttpClient } from '../http/http-client';
import type { TaskRecord } from '../tasks/task-record';
import { sameOrigin } from '../profiles/key-origin';
import { Limiter } from './limiter';
import type { TaskEvent } from './lifecycle/task-lifecycle';
import { followDemoAddress } from './demo-address';
import type { LibraryHooks } from '../library/library-service';

export interface DownloaderDeps {
  dataDir: string;
  libraryDir: () => string;
  http: HttpClient;
  log: Logger;
  clock: Clock;
  fileNamePattern: () => string;
  target: (task: TaskRecord) => Promise<GatewayTarget>;
  /** Reports what happened to the lifecycle (which decides and writes); answers the task after, or null. */
  report: (id: string, event: TaskEvent) => TaskRecord | null;
  get: (id: string) => TaskRecord | null;
  /** Queries the task again for fresh result URLs (they expire). */
  requery: (task: TaskRecord) => Promise<void>;
  progress: (id: string, index: number, received: number, total: number | null) => void;
  /** Provenance: `finalizing` after the verified download and before the move, `finalized` after it. */
  hooks?: Pick<LibraryHooks, 'finalizing' | 'finalized'>;
}

const MAX_REQUERIES = 2;
/** Files downloading at once across all tasks: enough to fill a link, few enough not to starve polls. */
const MAX_PARALLEL_FILES = 4;

/**
 * Eager downloads of a task's results (result URLs expire): streamed to a temp file, Content-Length checked,
 * resumed with Range, sha256 recorded, then atomically moved into the library under a name that never
 * overwrites. Image results sent inline (`b64_json`) are written the same way. De-duplicated per task.
 */
export class ResultDownloader {
  private readonly running = new Map<string, Promise<void>>();
  private readonly aborts = new Map<string, AbortController>();
  private readonly files = new Limiter(() => MAX_PARALLEL_FILES);
  /** Inline results staged by this process (see stageInline), by `<task>-<index>`, until their download takes them. */
  private readonly staged = new Map<string, DownloadOutcome>();

  constructor(private readonly deps: DownloaderDeps) {}

  abortAll(): void {
    for (const a of this.aborts.values()) a.abort();
  }

  /** Downloads every result not yet on disk. `inline` carries b64 results straight from the response. */
  downloadAll(id: string, inline: RemoteResult[] = []): Promise<void> {
    const existing = this.running.get(id);
    if (existing) return existing;
    const work = this.run(id, inline).finally(() => {
      this.running.delete(id);
      this.aborts.delete(id);
    });
    this.running.set(id, work);
    return work;
  }

  private tempPath(id: string, index: number): string {
    const dir = join(this.deps.dataDir, 'downloads');
    ensureDir(dir);
    return join(dir, `${id}-${index}.part`);
  }

  private async run(id: string, inline: RemoteResult[]): Promise<void> {
    const abort = new AbortController();
    this.aborts.set(id, abort);
    let task = this.deps.get(id);
    if (!task) return;
    // A finished task's files not on disk are a retry (the user's, or after a restart or a full disk).
    if (task.status !== 'downloading') task = this.deps.report(id, { type: 'retry-download' });
    if (task?.status !== 'downloading') return;
    let requeries = 0;
    // The last file's "done" is written with the task's final state (one write, in the same instant).
    let lastDone: { index: number; patch: Partial<TaskResult> } | null = null;
    let interrupted = false;
    for (let index = 0; index < task.results.length; index++) {
      const current = this.deps.get(id);
      const result = current?.results[index];
      if (!current || !result || result.state === 'done') continue;
      try {
        const outcome = await this.files.run(() =>
          this.fetchOne(current, result, inline[index], abort.signal),
        );
        const done = await this.finish(id, index, outcome);
        if (index === task.results.length - 1) lastDone = { index, patch: done };
        else this.setResult(id, index, done);
      } catch (e) {
        if (e instanceof ExpiredUrlError && requeries < MAX_REQUERIES) {
          requeries++;
          this.deps.log.info('result URL expired; querying the task for a fresh one', { id, index });
          await this.deps.requery(current);
          index--; // retry this result with the fresh URL
          continue;
        }
        // Stopped (Atelier is quitting): not a failure. The file stays `downloading` and resumes next start.
        if (abort.signal.aborted) {
          interrupted = true;
          break;
        }
        this.setResult(id, index, { state: 'failed', error: errorMessage(e) });
      }
    }
    if (interrupted) {
      if (lastDone) this.setResult(id, lastDone.index, lastDone.patch);
      return;
    }
    // The last file's "done" goes with the task's final state, in one write (the lifecycle decides it).
    this.deps.report(id, { type: 'downloads-done', last: lastDone });
  }

  private async fetchOne(
    task: TaskRecord,
    result: TaskResult,
    inline: RemoteResult | undefined,
    signal: AbortSignal,
  ): Promise<DownloadOutcome> {
    const tempPath = this.tempPath(task.id, result.index);
    // An inline (b64) result was staged before the state naming it was saved (see stageInline): after a
    // restart, its part file of the recorded size is all there is, and all that is needed.
    const key = `${task.id}-${result.index}`;
    const known = this.staged.get(key);
    this.staged.delete(key);
    const staged =
      known && statSync(tempPath, { throwIfNoEntry: false })?.size === known.size
        ? known
        : await stagedOutcome(tempPath, result);
    if (staged) return staged;
    if (inline?.kind === 'b64')
      return writeBase64File(inline.data, tempPath, inline.mime ? { contentType: inline.mime } : {});
    const target = await this.deps.target(task);
    const adapter = ADAPTERS[task.family];
    const source = task.remoteId
      ? adapter.resultSource?.(
          { remoteId: task.remoteId, submitPath: task.internal.submitPath },
          { kind: 'url', url: result.remoteUrl ?? '' },
          result.index,
        )
      : null;
    const url = source?.url ?? result.remoteUrl;
    if (!url) throw new Error('The gateway gave no address for this file.');
    const absolute = url.startsWith('/')
      ? `${target.baseUrl}${url}`
      : followDemoAddress(task, url, target.baseUrl);
    // A first attempt needs no write to start: the file stays `pending` in the row (a restart downloads it
    // either way) and its progress events tell the renderer it is downloading. A retry clears what the last
    // attempt said (its error, its countdown) before it starts.
    if (result.state !== 'pending' || result.error !== null || (result.retryAt ?? null) !== null)
      this.setResult(task.id, result.index, { state: 'downloading', error: null, retryAt: null });
    return downloadFile({
      url: absolute,
      // Files on the profile's own origin are the gateway's (content endpoints, proxies behind auth): they need
      // the key. A URL anywhere else never gets it, whatever the adapter says.
      headers: sameOrigin(absolute, target.baseUrl)
        ? authHeaders(target, url.startsWith('/') ? url : new URL(absolute).pathname)
        : {},
      tempPath,
      signal,
      transport: this.deps.http.download,
      onProgress: (received, total) => {
        this.deps.progress(task.id, result.index, received, total);
      },
      // Shown on the task while it waits: the restart is spaced out, not silent. Only onto a result still
      // downloading here (never re-opening one a full disk or the user stopped meanwhile).
      onRetry: ({ attempt, delayMs }) => {
        if (
          signal.aborted ||
          !downloadingOrPending(this.deps.get(task.id)?.results.find((r) => r.index === result.index))
        )
          return;
        this.setResult(task.id, result.index, {
          state: 'downloading',
          error: `retrying in ${Math.max(1, Math.round(delayMs / 1000))} s (attempt ${attempt})`,
          retryAt: Date.now() + delayMs,
        });
      },
    });
  }

  /**
   * Writes the inline (b64) results of an answer to their part files, before the engine saves the state that
   * names them: an image edit cannot be queried again, so a crash after that save must find the bytes on
   * disk. Answers the size of each staged result by index (the engine records it as `bytesTotal`).
   */
  async stageInline(id: string, inline: readonly RemoteResult[]): Promise<Map<number, number>> {
    const sizes = new Map<number, number>();
    for (const [index, r] of inline.entries()) {
      if (r.kind !== 'b64') continue;
      const out = await writeBase64File(
        r.data,
        this.tempPath(id, index),
        r.mime ? { contentType: r.mime } : {},
      );
      this.staged.set(`${id}-${index}`, out); // hashed once: the download that follows takes it as is
      sizes.set(index, out.size);
    }
    return sizes;
  }

  /** Moves a verified download into the library: the result's "done" patch, for the caller to write. */
  private async finish(id: string, index: number, outcome: DownloadOutcome): Promise<Partial<TaskResult>> {
    const task = this.deps.get(id);
    if (!task) throw new Error('The task was deleted while its file downloaded.');
    const op = getOperation(task.operationId);
    const temp = this.tempPath(id, index);
    // The bytes say what the file is (never the URL or Content-Type): anything but known media is deleted
    // and the result fails with a plain reason (see downloads/admit-result.ts).
    const media = await admitResult(temp, outcome.head);
    const name = fileNameFromPattern(this.deps.fileNamePattern(), {
      at: new Date(task.createdAt),
      operation: op.id.split('.').pop() ?? op.id,
      model: task.model,
      prompt: task.prompt,
      task: task.id.slice(0, 8),
      index: index + 1,
      contentType: media.mime,
    });
    const libraryDir = this.deps.libraryDir();
    ensureDir(libraryDir);
    // `outcome.sha256` stays the hash of the payload as sent; the metadata written here comes after it.
    await this.deps.hooks?.finalizing(task, index, temp, outcome.sha256);
    const finalPath = await moveIntoLibrary(temp, libraryDir, name);
    // The move consumed the temp file; one that lingers (its unlink failed) must not be adopted by a later retry.
    if (existsSync(temp)) rmSync(temp, { force: true });
    await this.deps.hooks?.finalized(task, index, finalPath);
    // No thumbnail here: the gallery's first request for one makes it (see thumbnails/lazy-thumbnails), so a
    // finished task costs no image decoding until someone looks at it.
    return {
      state: 'done',
      thumbnail: null,
      file: relative(libraryDir, finalPath).split('\\').join('/'),
      mime: media.mime,
      sha256: outcome.sha256,
      // The payload as received (the file on disk may be larger by the provenance written into it).
      bytesReceived: outcome.size,
      bytesTotal: outcome.size,
      error: null,
    };
  }

  private setResult(id: string, index: number, patch: Partial<TaskResult>): void {
    this.deps.report(id, { type: 'file-changed', index, patch });
  }
}

const downloadingOrPending = (r: TaskResult | undefined): boolean => r?.state === 'downloading' || r?.state === 'pending';

/** The outcome of a staged inline result whose part file is complete (its recorded size), else null. */
async function stagedOutcome(tempPath: string, result: TaskResult): Promise<DownloadOutcome | null> {
  if (result.remoteUrl || result.bytesTotal === null || result.bytesTotal <= 0) return null;
  if (statSync(tempPath, { throwIfNoEntry: false })?.size !== result.bytesTotal) return null;
  const hash = createHash('sha256');
  await hashPrefix(tempPath, result.bytesTotal, hash);
  const head = Buffer.alloc(16);
  const fd = openSync(tempPath, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return { size: result.bytesTotal, sha256: hash.digest('hex'), contentType: result.mime ?? sniffContentType(head) };
}
