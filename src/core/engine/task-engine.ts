import { randomBytes, randomUUID } from 'node:crypto';
import { BridgeError } from '../../shared/bridge/result';
import { isTerminal, type TaskStatus, type TaskSummary } from '../../shared/domain/task';
import { getOperation } from '../../shared/operations/catalog';
import type { OperationId } from '../../shared/operations/ids';
import { formatIssue } from '../../shared/operations/issues';
import { buildRequest, extraIssue, validateValues, visibleValues } from '../../shared/operations/validate';
import type { CoreEvents } from '../events';
import { ADAPTERS } from '../gateway/adapters';
import type { QueryOutcome } from '../gateway/adapter';
import { gatewayRequest, GatewayNetworkError, type GatewayResponse, type GatewayTarget, type RequestOptions } from '../gateway/http';
import { errorMessage, firstString, type RemoteResult } from '../gateway/parse';
import { envelopeRefusal } from '../gateway/envelope';
import type { TaskStore } from '../db/task-store';
import type { InputStore } from '../inputs/input-store';
import { scrubDeep, scrubText } from '../logging/redact';
import type { Clock, Logger, PreferencesStore } from '../ports';
import type { ProfileService } from '../profiles/profile-service';
import { sameOrigin } from '../profiles/key-origin';
import { toSummary, type TaskRecord } from '../tasks/task-record';
import type { CallbackHint, CallbackVerdict } from '../callbacks/callback-receiver';
import { verifyCallbackSignature } from '../callbacks/signature';
import { CallbackGate } from '../callbacks/callback-gate';
import { quoteAnswer, refusalText, unreadableStatusError } from './answer-text';
import { Limiter } from './limiter';
import type { Estimator } from '../estimates/estimator';
import { IdempotentSubmits } from './idempotency';
import { createMediaResolver } from './media-resolver';
import { expectedDurations, nextPollDelay, pastHorizon } from './poll-schedule';
import { queryOnce } from './query-once';
import { isBookkeeping, PollBook, type Bookkeeping } from './poll-book';
import { mergeResults, newTaskRecord, withEvent } from './record-factory';
import { ResultDownloader } from './result-downloader';
import { isDiskFull, WriteGuard } from './write-guard';
import { NOT_SENT_ERROR, NOT_SENT_RAW, neverSent, SENDING_EVENT, WAITING_EVENT } from './not-sent';
import { scrubPatch } from './scrub-patch';
import type { EngineTuning } from './tuning';
import type { LibraryHooks } from '../library/library-service';
import type { DeclaredParent } from '../../shared/domain/library';
import type { TeamEngineHooks } from '../team/engine-hooks';

export interface EngineDeps {
  store: TaskStore;
  events: CoreEvents;
  profiles: ProfileService;
  inputs: InputStore;
  preferences: PreferencesStore;
  dataDir: string;
  libraryDir: () => string;
  fetch: typeof fetch;
  clock: Clock;
  log: Logger;
  tuning: EngineTuning;
  /** Lineage and boards at submit, provenance when a result is finalized (core/library). */
  hooks?: LibraryHooks;
  /** The callback URL for a task gateway submission, or null when callbacks are off for that profile. */
  callbackUrlFor: (profileId: string, token: string) => Promise<string | null>;
  /** The disk filled up (true) or has room again (false): core shows or clears its notice. */
  onDiskFull?: (full: boolean) => void;
  /** Every gateway answer (HTTP status) or its absence, per profile: feeds the connection's health. */
  onGatewayAnswer?: (profileId: string, answer: number | 'unreachable') => void;
  /** Expected duration per profile, operation and model: set on the task at submission (progress, first poll). */
  estimator?: Estimator;
  /** Team mode: leases (only held tasks are worked) and the reservation before a send. Absent: solo. */
  team?: TeamEngineHooks;
}

export interface SubmitRequest {
  operationId: OperationId;
  values: Record<string, unknown>;
  extra: Record<string, unknown>;
  /** One per user intent (a Generate press): a repeated key answers with the first task, never sends again. */
  idempotencyKey?: string;
  boardId?: string | null;
  parents?: DeclaredParent[];
  /** Batch members: the task id (`<batch>_<index>`, so a member cannot be created twice) and its batch. */
  member?: { taskId: string; batchId: string };
}

const DEMO_LOST =
  'The demo gateway was restarted and could not restore this task (its saved state was missing or unreadable). Reuse its settings to run it again.';
const RATE_LIMIT_DEFAULT_MS = 5_000;
const INTERRUPTED_ERROR = 'Atelier stopped while this task was being submitted. The gateway may have accepted it; check before resubmitting.';
const RATE_LIMIT_MAX_MS = 5 * 60_000;

/**
 * The durable task engine: submit → persist → poll / callback → download → events.
 * Every state lives in the task store; this object only holds timers and work in flight, so a restart
 * resumes exactly where the last process stopped (`start`). Submissions are never retried automatically.
 */
export class TaskEngine {
  private readonly requests: Limiter;
  private readonly submissions: Limiter;
  private readonly busy = new Set<string>();
  /** Callback URL token → task id, for every task of this process and every unfinished one before it. */
  private readonly callbackTokens = new Map<string, string>();
  private readonly downloader: ResultDownloader;
  private readonly guard: WriteGuard;
  private readonly callbackGate = new CallbackGate();
  /** b64 results of answers whose files are not on disk yet (see applyOutcome). */
  private readonly inlineResults = new Map<string, RemoteResult[]>();
  /** Poll bookkeeping not written yet (see PollBook): flushed in one transaction every few seconds. */
  private readonly book = new PollBook({
    flushMs: () => this.deps.tuning.bookFlushMs ?? 3_000,
    active: () => !this.stopped && !this.closed,
    commit: (entries) => this.deps.store.transaction(() => entries.forEach(([id, p]) => this.deps.store.update(id, p))),
    onDiskFull: (id, patch) => void this.guard.write(id, patch),
    logError: (message, error) => this.deps.log.error(message, { error }),
  });
  private timer: NodeJS.Timeout | null = null;
  /** When the pending scheduler pass runs (engine clock), Infinity when none is pending. */
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = true;
  /** Set once the store is closed: late work must not touch it (libsql aborts the process on a closed DB). */
  closed = false;
  /** Work started by this engine (polls, sends, downloads); `stop` waits for it before the DB closes. */
  private readonly inFlight = new Set<Promise<unknown>>();

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  constructor(private readonly deps: EngineDeps) {
    this.requests = new Limiter(() => deps.preferences.read().maxRequestsInFlight);
    this.submissions = new Limiter(() => deps.preferences.read().maxConcurrentSubmissions);
    this.guard = new WriteGuard(deps.store, deps.dataDir, (full) => deps.onDiskFull?.(full));
    this.downloader = new ResultDownloader({
      dataDir: deps.dataDir,
      libraryDir: deps.libraryDir,
      fetch: deps.fetch,
      log: deps.log,
      clock: deps.clock,
      fileNamePattern: () => deps.preferences.read().fileNamePattern,
      target: (r) => this.target(r),
      update: (id, patch) => this.update(id, patch),
      get: (id) => this.get(id),
      requery: (r) => this.refreshResultUrls(r),
      progress: (id, index, received, total) =>
        deps.events.emit('downloadProgressed', { id, index, received, total }),
      ...(deps.hooks ? { hooks: deps.hooks } : {}),
    });
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  /**
   * Resumes every unfinished task: polls continue, downloads resume, interrupted submissions become unknown.
   * Reads only the tasks with work to do now (a light query, no rows parsed for the rest), so start stays
   * flat with the size of the history; polls already planned are picked up by the scheduler's `due` query.
   */
  start(): void {
    this.stopped = false;
    const now = this.deps.clock.now();
    const downloads: string[] = [];
    // One commit for every change a restart makes (not one fsync'd transaction per interrupted task).
    try {
      this.deps.store.transaction(() => this.resume(now, downloads));
    } catch (e) {
      // A full disk must not stop the app from starting: what could not be marked is retried next start.
      if (!isDiskFull(e)) throw e;
      this.deps.log.error('resuming tasks failed: disk full', { error: e instanceof Error ? e.message : String(e) });
    }
    this.resumeDownloads(downloads);
    this.schedule(0);
  }

  private resume(now: number, downloads: string[]): void {
    const work = this.deps.store.resumeWork();
    for (const w of work) {
      const task = w.status === 'submitting' ? this.deps.store.get(w.id) : null;
      // Still in the local queue when the process stopped: nothing went out, so it can simply be sent.
      if (task && neverSent(task))
        this.update(task.id, {
          status: 'unknown',
          rawStatus: NOT_SENT_RAW,
          error: NOT_SENT_ERROR,
          events: withEvent(task, 'not sent (Atelier stopped first)', now),
        });
    }
    // The process died between sending and reading the answer: the gateway may have the task (and billed
    // it). Never resubmit silently; the user decides (architecture.md, "Task lifecycle").
    this.deps.store.markInterruptedSubmissions(now, INTERRUPTED_ERROR, 'interrupted during submission');
    for (const w of work) {
      if (w.status === 'submitting' || !this.mayWork(w.id)) continue;
      if (w.status === 'downloading' || w.status === 'succeeded') {
        downloads.push(w.id);
        continue;
      }
      const task = w.needsPoll ? this.get(w.id) : null;
      if (!task) continue;
      if (task.internal.callbackToken) this.callbackTokens.set(task.internal.callbackToken, task.id);
      this.update(task.id, { internal: { ...task.internal, nextPollAt: now } });
    }
  }

  /** Resumes downloads a few per turn of the event loop, so a large backlog never delays the first screen. */
  private resumeDownloads(ids: string[]): void {
    const next = (): void => {
      if (this.stopped || this.closed) return;
      for (const id of ids.splice(0, 8)) void this.track(this.downloader.downloadAll(id));
      if (ids.length > 0) setImmediate(next);
    };
    if (ids.length > 0) setImmediate(next);
  }

  /** Stops scheduling, aborts downloads (their partial files resume next start) and waits for work in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.downloader.abortAll();
    const pending = [...this.inFlight];
    await Promise.race([Promise.allSettled(pending), new Promise((r) => setTimeout(r, 10_000).unref?.())]);
    this.book.flushNow();
  }

  private schedule(ms: number): void {
    this.wakeAt(this.deps.clock.now() + ms);
  }

  /**
   * Runs a scheduler pass at `at` unless one is already due sooner. Every write of a task's next poll
   * time calls this, so a poll starts when it is due instead of at the next idle tick (idleTickMs is only
   * the fallback).
   */
  private wakeAt(at: number): void {
    if (this.stopped) return;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.tick(), Math.max(0, at - this.deps.clock.now()));
    this.timer.unref?.();
  }

  /**
   * One scheduler pass: start the due polls the global cap allows, mark tasks past their horizon stalled.
   * Reads only as many due rows as it can start (plus those being polled, which are still due), so a pass
   * stays cheap with thousands of tasks; a finished poll triggers the next pass (see `poll`).
   */
  private tick(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (this.guard.full && !this.recoverFromDiskFull()) {
      // Nothing is polled while nothing can be saved: back off (never spin), try again later.
      const idle = this.deps.tuning.idleTickMs;
      this.wakeAt(this.deps.clock.now() + this.guard.retryDelay(idle, idle * 30));
      return;
    }
    try {
      const now = this.deps.clock.now();
      const room = this.requests.room;
      // Over-read by what memory moved later (the stored time may still say due), then read from memory.
      const ids = room > 0 ? this.book.dueOf(this.deps.store.dueIds(now, room + this.busy.size + this.book.size), now) : [];
      const due = ids.slice(0, room + this.busy.size).flatMap((id) => this.get(id) ?? []);
      for (const task of due) {
        if (this.busy.has(task.id) || !this.mayWork(task.id)) continue;
        if (!this.requests.hasRoom) break;
        if (pastHorizon(task, now, this.deps.tuning)) {
          this.update(task.id, {
            status: 'stalled',
            error: 'No result after a long wait. The gateway may still finish it: use “check again”.',
            internal: { ...task.internal, nextPollAt: null },
            events: withEvent(task, 'stalled', now),
          });
          continue;
        }
        void this.track(this.poll(task));
      }
    } catch (e) {
      this.deps.log.error('scheduler tick failed', { error: e instanceof Error ? e.stack : String(e) });
    }
    this.schedule(this.deps.tuning.idleTickMs);
  }

  // ---- writes -----------------------------------------------------------------------------------

  /**
   * The one write path of the engine: store, then tell the renderer. A write the disk refuses is kept in
   * memory (see WriteGuard) and the task says so; nothing it carried (a gateway id) is lost.
   */
  private update(id: string, change: Partial<TaskRecord>): TaskRecord | null {
    if (this.closed) return null;
    // Bookkeeping kept in memory for this task goes into this write (the change wins where both say).
    const kept = this.book.take(id);
    const patch = kept ? { ...kept, ...change } : change;
    const next = this.guard.write(id, scrubPatch({ ...patch, updatedAt: this.deps.clock.now() }, this.secrets()));
    if (next) this.deps.events.emit('taskChanged', this.summary(next));
    const pollAt = patch.internal?.nextPollAt;
    if (typeof pollAt === 'number') this.wakeAt(pollAt);
    return next;
  }

  /** A poll that changed only bookkeeping: kept in memory (see PollBook), told to the renderer at once. */
  private keep(id: string, patch: Bookkeeping): void {
    if (this.closed) return;
    this.book.keep(id, scrubPatch({ ...patch, updatedAt: this.deps.clock.now() }, this.secrets()) as Bookkeeping);
    const next = this.get(id);
    if (next) this.deps.events.emit('taskChanged', this.summary(next));
    const pollAt = patch.internal?.nextPollAt;
    if (typeof pollAt === 'number') this.wakeAt(pollAt);
    this.book.flushSoon();
  }

  /** The task as the engine knows it (stored row, anything a full disk held back, bookkeeping in memory). */
  private get(id: string): TaskRecord | null {
    return this.book.overlay(this.guard.get(id));
  }

  private summary(task: TaskRecord): TaskSummary {
    const s = toSummary(task);
    if (!this.guard.unsaved(task.id)) return s;
    const kept = task.remoteId
      ? ` Its gateway id ${task.remoteId} is kept in memory`
      : ' Its state is kept in memory';
    return { ...s, error: `Disk full: free space to continue.${kept} and saved as soon as there is room.` };
  }

  /** Saves what a full disk held back; then restarts downloads it stopped. False while the disk is still full. */
  private recoverFromDiskFull(): boolean {
    const saved = this.guard.flush();
    if (!saved) return false;
    for (const id of saved) {
      const task = this.get(id);
      if (task) this.deps.events.emit('taskChanged', toSummary(task));
    }
    for (const id of [...this.guard.stoppedDownloads]) {
      this.guard.stoppedDownloads.delete(id);
      void this.track(this.downloader.downloadAll(id, this.inlineResults.get(id) ?? []));
    }
    return true;
  }

  private async target(task: TaskRecord): Promise<GatewayTarget> {
    const resolved = await this.deps.profiles.resolve(task.profileId).catch(() => null);
    // A key goes only to its profile's origin: a task sent before the profile moved keeps its old base URL,
    // and gets no key there.
    // The demo gateway comes back on a new port after a restart: its tasks follow it (it is one gateway).
    const baseUrl = task.demo && resolved?.profile.demo ? resolved.baseUrl : task.internal.baseUrl;
    const keyFits = !!resolved && sameOrigin(baseUrl, resolved.baseUrl);
    return {
      baseUrl,
      apiKey: keyFits ? (resolved?.apiKey ?? null) : null,
      vendor: task.internal.vendor,
      gatewayAuthHeader: resolved?.profile.gatewayAuthHeader ?? 'Authorization',
    };
  }

  /** Every key this process knows (active, replaced, demo): what the one scrub removes. */
  private secrets(): readonly string[] {
    return this.deps.profiles.secretsSnapshot();
  }

  private scrub(message: string, target: GatewayTarget): string {
    return scrubText(message, target.apiKey ? [target.apiKey, ...this.secrets()] : this.secrets());
  }

  // ---- submit -----------------------------------------------------------------------------------

  /**
   * Validates again (the renderer already did), writes the task row, then sends. Waits a short while for
   * the gateway's answer so 400/401 reach the form; after that the task goes on in the background.
   */
  submit(req: SubmitRequest): Promise<TaskSummary> {
    return req.idempotencyKey ? this.intents.run(req.idempotencyKey, () => this.submitOnce(req)) : this.submitOnce(req);
  }

  private readonly intents = new IdempotentSubmits<TaskSummary>(() => this.deps.clock.now());

  private async submitOnce(req: SubmitRequest): Promise<TaskSummary> {
    const op = getOperation(req.operationId);
    const issues = validateValues(op, req.values);
    const extraProblem = extraIssue(op, req.extra); // protected names, and names the form itself defines
    if (extraProblem) issues.extra = extraProblem;
    const names = Object.keys(issues);
    if (names.length) {
      const fields = Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, formatIssue(v)]));
      throw new BridgeError('invalid_input', `Please check: ${names.join(', ')}.`, fields);
    }
    const profileId = this.deps.preferences.read().activeProfileId;
    const resolved = await this.deps.profiles.resolve(profileId);
    if (!resolved.apiKey)
      throw new BridgeError(
        'gateway_unauthorized',
        'No API key is set for this gateway. Add one in Settings.',
      );
    const vendor = resolved.profile.vendor;
    const id = req.member?.taskId ?? randomUUID();
    const callbackToken = op.family === 'gateway' ? randomBytes(18).toString('base64url') : null;
    const callbackUrl = callbackToken
      ? await this.deps.callbackUrlFor(resolved.profile.id, callbackToken)
      : null;
    const media = createMediaResolver(
      this.deps.inputs,
      this.deps.libraryDir(),
      this.deps.fetch,
      (taskId, index) => this.deps.store.get(taskId)?.results.find((r) => r.index === index)?.file ?? null,
    );
    const wire = buildRequest(op, req.values, req.extra, {
      vendor,
      media: (m) => media.asUrl(m),
      callbackUrl,
    });
    const now = this.deps.clock.now();
    const values = visibleValues(op, req.values, vendor);
    const record = newTaskRecord({
      id,
      op,
      values,
      extra: req.extra,
      profileId: resolved.profile.id,
      demo: resolved.profile.demo,
      now,
      baseUrl: resolved.baseUrl,
      vendor,
      submitPath: wire.path,
      callbackToken: callbackUrl ? callbackToken : null,
      ...expectedDurations(this.deps.estimator, resolved.profile.id, op.id, values),
      batchId: req.member?.batchId ?? null,
    });
    record.events = withEvent(record, WAITING_EVENT, now);
    try {
      this.deps.store.insert(record);
    } catch (e) {
      if (isDiskFull(e))
        throw new BridgeError('internal', 'Disk full: free space to continue. Nothing was sent.');
      throw e;
    }
    this.deps.hooks?.submitted(record, req);
    if (record.internal.callbackToken) this.callbackTokens.set(record.internal.callbackToken, id);
    this.deps.events.emit('taskChanged', toSummary(record));
    if (this.deps.team) await this.reserveOrForget(record, req.boardId ?? null);

    const target: GatewayTarget = {
      baseUrl: resolved.baseUrl,
      apiKey: resolved.apiKey,
      vendor,
      gatewayAuthHeader: resolved.profile.gatewayAuthHeader,
    };
    const sending = this.track(this.submissions.run(() => this.send(record, wire, target, media).finally(() => media.cleanup())));
    const settled = await Promise.race([
      sending.then(
        () => 'done' as const,
        (e: unknown) => e,
      ),
      new Promise<'waiting'>((resolve) =>
        setTimeout(() => resolve('waiting'), this.deps.tuning.submitWaitMs).unref?.(),
      ),
    ]);
    if (settled instanceof BridgeError) {
      // A refused key created nothing on the gateway and the form shows why: leave no failed tile behind.
      if (settled.code === 'gateway_unauthorized' && !req.member) this.forgetRefused(id);
      throw settled;
    }
    if (settled !== 'done' && settled !== 'waiting') throw settled;
    sending.catch(() => undefined); // later failures are recorded on the task itself
    const known = this.get(id);
    return known ? this.summary(known) : toSummary(record);
  }

  private async send(
    record: TaskRecord,
    wire: ReturnType<typeof buildRequest>,
    target: GatewayTarget,
    media: ReturnType<typeof createMediaResolver>,
  ): Promise<void> {
    const adapter = ADAPTERS[record.family];
    let body: NonNullable<RequestOptions['body']>;
    try {
      if (wire.body.type === 'json') body = { json: wire.body.json };
      else {
        const files = [];
        for (const part of wire.body.files) files.push(await media.asFile(part.name, part.media));
        body = { multipart: { fields: [...wire.body.fields], files } };
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.fail(record.id, message);
      throw e instanceof BridgeError ? e : new BridgeError('invalid_input', message);
    }
    const sending = this.get(record.id) ?? record;
    this.update(record.id, { events: withEvent(sending, SENDING_EVENT, this.deps.clock.now()) });
    let res: GatewayResponse;
    try {
      res = await this.ask(record.profileId, target, { method: 'POST', path: wire.path, body, timeoutMs: record.family === 'imageEdit' ? 15 * 60_000 : 120_000 });
    } catch (e) {
      if (e instanceof GatewayNetworkError && !e.maybeSent) {
        const reason = this.scrub(e.message, target);
        this.fail(record.id, `Could not reach the gateway (${reason}); nothing was sent.`);
        throw new BridgeError('gateway_unreachable', `Could not reach the gateway (${reason}).`);
      }
      const now = this.deps.clock.now();
      this.update(record.id, {
        status: 'unknown',
        error:
          'The connection broke after the request was sent; the gateway may have accepted it. Check the gallery before resubmitting.',
        events: withEvent(
          record,
          `submission interrupted: ${e instanceof Error ? e.message : String(e)}`,
          now,
        ),
      });
      return;
    }
    const now = this.deps.clock.now();
    const refusal = res.status >= 200 && res.status < 300 ? envelopeRefusal(record.family, res.body) : null;
    if (refusal) {
      // HTTP 200 with a non-success `code` (Kling 1303 and kin): refused, nothing to poll (api-notes C).
      const message = this.scrub(refusal.message, target);
      this.update(record.id, { lastRawResponse: scrubDeep(res.body, target.apiKey ? [target.apiKey] : []) });
      this.fail(record.id, message);
      throw new BridgeError(
        'gateway_bad_request',
        refusal.busy ? `The gateway is busy: ${message}` : message,
      );
    }
    if (res.status >= 200 && res.status < 300) {
      let parsed: ReturnType<typeof adapter.parseSubmit>;
      try {
        parsed = adapter.parseSubmit(res.body);
      } catch {
        parsed = { remoteId: null, outcome: null };
      }
      const base = { lastRawResponse: res.body, submittedAt: now };
      if (parsed.outcome) {
        this.update(record.id, { ...base, events: withEvent(record, 'answered synchronously', now) });
        await this.applyOutcome(record.id, parsed.outcome, res.body, null);
        return;
      }
      if (!parsed.remoteId) {
        this.update(record.id, {
          ...base,
          status: 'unknown',
          error: `The gateway accepted the request but its answer carried no task id: ${quoteAnswer(res.body)}. Check the gateway before resubmitting.`,
          events: withEvent(record, 'accepted without a task id', now),
        });
        return;
      }
      const output = getOperation(record.operationId).output;
      const delay = nextPollDelay(
        {
          output,
          pollCount: 0,
          serverHintMs: res.retryAfterMs,
          callbackExpected: !!record.internal.callbackToken,
          expectedMs: record.internal.pollExpectedMs,
          elapsedMs: 0,
        },
        this.deps.tuning,
      );
      // One writer per task: merge onto the row as it is now. A callback may have beaten this answer and
      // already moved the task on (adopted its taskNo, even finished it): then only the answer is recorded.
      const current = this.get(record.id) ?? record;
      if (current.remoteId === parsed.remoteId && current.status !== 'submitting') {
        this.update(record.id, { ...base, events: withEvent(current, `accepted as ${parsed.remoteId} (already known)`, now) });
        return;
      }
      this.update(record.id, {
        ...base,
        status: 'queued',
        remoteId: parsed.remoteId,
        events: withEvent(current, `accepted as ${parsed.remoteId}`, now),
        // Unknown duration: an early first poll (the answer may say more); known: near the expected finish.
        internal: {
          ...current.internal,
          nextPollAt: now + (current.internal.pollExpectedMs ? delay : Math.min(delay, this.deps.tuning.pollBaseMs)),
        },
      });
      this.schedule(0);
      return;
    }
    const structured = typeof res.body === 'string' ? null : errorMessage(res.body, '') || null;
    const message = this.scrub(refusalText(res.status, structured, res.body), target);
    // An error body may echo the request's credentials back; it is stored and shown, so scrub it too.
    this.update(record.id, { lastRawResponse: scrubDeep(res.body, target.apiKey ? [target.apiKey] : []) });
    this.fail(record.id, message);
    if (res.status === 401 || res.status === 403) throw new BridgeError('gateway_unauthorized', message);
    if (res.status === 429)
      throw new BridgeError('gateway_bad_request', `The gateway is busy (rate limited): ${message}`);
    if (res.status >= 500) throw new BridgeError('gateway_unreachable', message);
    throw new BridgeError('gateway_bad_request', message);
  }

  /** Team mode: a task is worked only under this machine's live lease (solo: always). */
  private mayWork(id: string): boolean {
    return this.deps.team?.mayWork(id) ?? true;
  }

  /** Team mode: the ledger reserves the points and records the task before anything is sent, or nothing is. */
  private async reserveOrForget(record: TaskRecord, boardId: string | null): Promise<void> {
    try {
      await this.deps.team?.reserve(record, boardId);
    } catch (e) {
      this.forgetRefused(record.id);
      throw e;
    }
  }

  /** Removes a submission the gateway refused outright (401/403) while the form was still waiting for it. */
  private forgetRefused(id: string): void {
    const token = this.get(id)?.internal.callbackToken;
    if (token) this.callbackTokens.delete(token);
    this.deps.store.delete(id);
    this.deps.events.emit('taskRemoved', { id });
  }

  private fail(id: string, message: string): void {
    const task = this.get(id);
    if (!task) return;
    const now = this.deps.clock.now();
    this.update(id, {
      status: 'failed',
      error: message,
      finishedAt: now,
      internal: { ...task.internal, nextPollAt: null },
      events: withEvent(task, `failed: ${message}`, now),
    });
  }


  /** One request to the gateway; its answer (or none) is reported as the profile's health. */
  private async ask(profileId: string, target: GatewayTarget, options: RequestOptions): Promise<GatewayResponse> {
    try {
      const res = await gatewayRequest(target, options, this.http());
      this.deps.onGatewayAnswer?.(profileId, res.status);
      return res;
    } catch (e) {
      if (e instanceof GatewayNetworkError) this.deps.onGatewayAnswer?.(profileId, 'unreachable');
      throw e;
    }
  }

  private http() {
    return { fetch: this.deps.fetch, now: () => this.deps.clock.now(), log: this.deps.log };
  }

  // ---- poll -------------------------------------------------------------------------------------

  /** Queries one task and applies what the gateway says. De-duplicated: one query per task at a time. */
  async poll(task: TaskRecord, opts: { force?: boolean } = {}): Promise<void> {
    if (this.busy.has(task.id) && !opts.force) return;
    const adapter = ADAPTERS[task.family];
    const path = task.remoteId
      ? adapter.queryPath({ remoteId: task.remoteId, submitPath: task.internal.submitPath })
      : null;
    if (!path) return;
    this.busy.add(task.id);
    try {
      await this.requests.run(async () => {
        const target = await this.target(task);
        const output = getOperation(task.operationId).output;
        const now0 = this.deps.clock.now();
        const later = (pollCount: number, hint: number | null) =>
          now0 +
          nextPollDelay(
            {
              output,
              pollCount,
              serverHintMs: hint,
              callbackExpected: !!task.internal.callbackToken,
              expectedMs: task.internal.pollExpectedMs,
              elapsedMs: now0 - (task.submittedAt ?? task.createdAt),
            },
            this.deps.tuning,
          );
        let res: GatewayResponse;
        try {
          res = await this.ask(task.profileId, target, { method: 'GET', path, timeoutMs: 60_000 });
        } catch (e) {
          const current = this.get(task.id) ?? task;
          this.update(task.id, {
            internal: {
              ...current.internal,
              pollCount: current.internal.pollCount + 1,
              nextPollAt: later(current.internal.pollCount + 1, null),
            },
            events: withEvent(current, `poll failed: ${e instanceof Error ? e.message : String(e)}`, now0),
          });
          return;
        }
        const now = this.deps.clock.now();
        const current = this.get(task.id);
        if (!current || isTerminal(current.status) || current.status === 'downloading') return;
        if (res.status === 429) {
          const wait = Math.min(RATE_LIMIT_MAX_MS, res.retryAfterMs ?? RATE_LIMIT_DEFAULT_MS);
          this.update(task.id, {
            rateLimitedUntil: now + wait,
            internal: { ...current.internal, nextPollAt: now + wait },
            events: withEvent(current, `rate limited for ${Math.round(wait / 1000)} s`, now),
          });
          return;
        }
        if (res.status !== 200) {
          const note = this.scrub(errorMessage(res.body, `HTTP ${res.status}`), target);
          if (res.status === 404 && current.demo) {
            // The demo gateway keeps tasks in memory: after its restart it no longer knows this one. Say so
            // and stop, rather than leaving the task "Queued" forever.
            this.fail(task.id, DEMO_LOST);
            return;
          }
          const pollCount = current.internal.pollCount + 1;
          this.update(task.id, {
            lastRawResponse: scrubDeep(res.body, target.apiKey ? [target.apiKey] : []),
            rateLimitedUntil: null,
            ...(res.status === 404 || res.status === 401 ? { error: `Check failed: ${note}` } : {}),
            internal: { ...current.internal, pollCount, nextPollAt: later(pollCount, res.retryAfterMs) },
            events: withEvent(current, `poll answered ${res.status}: ${note}`, now),
          });
          return;
        }
        let outcome: QueryOutcome;
        try {
          outcome = adapter.parseQuery(res.body);
        } catch {
          outcome = {
            status: 'unknown',
            rawStatus: null,
            progress: null,
            error: 'The gateway sent an answer Atelier cannot read.',
            points: null,
            results: [],
          };
        }
        const changed = outcome.status !== current.status;
        const pollCount = changed ? 0 : current.internal.pollCount + 1;
        await this.applyOutcome(
          task.id,
          outcome,
          res.body,
          isTerminal(outcome.status) ? null : later(pollCount, res.retryAfterMs),
          pollCount,
        );
      });
    } finally {
      this.busy.delete(task.id);
      // A place under the global cap just came free: start the next due poll now, not at the next idle tick
      // (with the tick alone, throughput was capped at maxRequestsInFlight polls per idleTickMs).
      this.schedule(0);
    }
  }

  /** Applies a normalized outcome: status, progress, results; a success starts the downloads. */
  private async applyOutcome(
    id: string,
    outcome: QueryOutcome,
    raw: unknown,
    nextPollAt: number | null,
    pollCount = 0,
  ): Promise<void> {
    const current = this.get(id);
    if (!current) return;
    const now = this.deps.clock.now();
    const output = getOperation(current.operationId).output;
    let status: TaskStatus = outcome.status;
    let error = outcome.error;
    if (status === 'succeeded' && outcome.results.length === 0) {
      status = 'failed';
      error = 'The gateway reported success but returned no file.';
    }
    const terminal = status === 'failed' || status === 'cancelled';
    const patch: Partial<TaskRecord> = {
      status: status === 'succeeded' ? 'downloading' : status,
      rawStatus: outcome.rawStatus,
      progress: status === 'succeeded' ? 100 : (outcome.progress ?? current.progress),
      error: status === 'unknown' ? unreadableStatusError(outcome.rawStatus, error, raw) : error,
      points: outcome.points ?? current.points,
      lastRawResponse: raw,
      rateLimitedUntil: null,
      ...(terminal || status === 'succeeded' ? { finishedAt: now } : {}),
      ...(status === 'succeeded' ? { results: mergeResults(current.results, outcome.results, output) } : {}),
      internal: {
        ...current.internal,
        pollCount,
        nextPollAt: terminal || status === 'succeeded' ? null : nextPollAt,
      },
      ...(status !== current.status
        ? { events: withEvent(current, `status ${outcome.rawStatus ?? status}`, now) }
        : {}),
    };
    if (status === 'succeeded' && patch.results && outcome.results.some((r) => r.kind === 'b64')) {
      // Inline results exist only in this answer: on disk first, then the state that names them.
      const sizes = await this.downloader.stageInline(id, outcome.results).catch((e: unknown) => {
        this.deps.log.warn('could not stage an inline result', { id, error: e instanceof Error ? e.message : String(e) });
        return new Map<number, number>();
      });
      patch.results = patch.results.map((r) => (sizes.has(r.index) ? { ...r, bytesTotal: sizes.get(r.index) ?? null } : r));
    }
    if (isBookkeeping(patch, current)) this.keep(id, patch);
    else this.update(id, patch);
    // Not awaited: a poll holds a place under the global request cap, and a long video download must not
    // keep it (six finishing videos would otherwise stop every other task's polling until they are on disk).
    if (status === 'succeeded') {
      // Inline (b64) results exist only in this answer: keep them until they are on disk, so a download a
      // full disk stopped can be written when space returns (image edits cannot be queried again).
      if (outcome.results.some((r) => r.kind === 'b64')) this.inlineResults.set(id, outcome.results);
      this.downloader
        .downloadAll(id, outcome.results)
        .then(() => {
          if (this.get(id)?.results.every((r) => r.state === 'done')) this.inlineResults.delete(id);
        })
        .catch((e: unknown) =>
          this.deps.log.error('download failed', { id, error: e instanceof Error ? e.message : String(e) }),
        );
    }
  }

  /** Result URLs expire (api-notes E.3): query the finished task again and take the fresh URLs it hands out. */
  private async refreshResultUrls(task: TaskRecord): Promise<void> {
    if (!task.remoteId) return;
    await this.requests.run(async () => {
      const answer = await queryOnce(task, task.remoteId, await this.target(task), this.http(), 60_000);
      const current = this.get(task.id);
      if (!answer || !current || answer.outcome.results.length === 0) return;
      const output = getOperation(current.operationId).output;
      this.update(task.id, { lastRawResponse: answer.body, results: mergeResults(current.results, answer.outcome.results, output) });
    });
  }


  // ---- user actions -----------------------------------------------------------------------------

  /** "Check again": an immediate query (also revives stalled tasks). */
  async check(id: string): Promise<TaskSummary> {
    const task = this.require(id);
    if (task.status === 'unknown' && neverSent(task)) return this.sendNow(task);
    if (!task.remoteId) {
      if (task.family === 'imageEdit')
        throw new BridgeError(
          'conflict',
          'Image edits answer at once and cannot be checked later. Reuse its settings to try again.',
        );
      throw new BridgeError(
        'conflict',
        'This task has no gateway id, so it cannot be checked. Look at your gateway account, or resubmit it.',
      );
    }
    if (task.status === 'stalled' || task.status === 'unknown' || task.status === 'cancelled') {
      this.update(id, {
        status: task.status === 'cancelled' ? 'queued' : task.status,
        internal: { ...task.internal, pollCount: 0, nextPollAt: this.deps.clock.now() },
      });
    }
    const fresh = this.require(id);
    if (
      fresh.status === 'downloading' ||
      (fresh.status === 'succeeded' && fresh.results.some((r) => r.state !== 'done'))
    ) {
      await this.downloader.downloadAll(id);
    } else if (!isTerminal(fresh.status) || fresh.status === 'cancelled')
      await this.poll(fresh, { force: true });
    return toSummary(this.require(id));
  }

  /** Sends a task that never left the local queue (see `start`): one click, same task, same settings. */
  private async sendNow(task: TaskRecord): Promise<TaskSummary> {
    const op = getOperation(task.operationId);
    const resolved = await this.deps.profiles.resolve(task.profileId);
    if (!resolved.apiKey) throw new BridgeError('gateway_unauthorized', 'No API key is set for this gateway. Add one in Settings.');
    const token = task.internal.callbackToken;
    const callbackUrl = token ? await this.deps.callbackUrlFor(resolved.profile.id, token) : null;
    const media = createMediaResolver(this.deps.inputs, this.deps.libraryDir(), this.deps.fetch);
    const wire = buildRequest(op, task.values, task.extra, { vendor: task.internal.vendor, media: (m) => media.asUrl(m), callbackUrl });
    const now = this.deps.clock.now();
    const queued = this.update(task.id, { status: 'submitting', rawStatus: null, error: null, events: withEvent(task, 'sent by the user after a restart', now) }) ?? task;
    // The same address rules as polling: a demo draft goes to the demo gateway where it runs now, and the key
    // only to its profile's origin.
    const target = await this.target(task);
    await this.track(this.submissions.run(() => this.send(queued, wire, target, media))).catch(() => undefined);
    return this.summary(this.require(task.id));
  }

  async retryDownload(id: string): Promise<TaskSummary> {
    this.require(id);
    await this.downloader.downloadAll(id, this.inlineResults.get(id) ?? []);
    return toSummary(this.require(id));
  }

  /** Stops polling a task; the gateway may still finish it (there is no documented cancel endpoint). */
  stopTracking(id: string): TaskSummary {
    const task = this.require(id);
    if (isTerminal(task.status)) return toSummary(task);
    const now = this.deps.clock.now();
    return toSummary(
      this.update(id, {
        status: 'cancelled',
        error: 'You stopped tracking this task; the gateway may still finish it. “Check again” resumes.',
        finishedAt: now,
        internal: { ...task.internal, nextPollAt: null },
        events: withEvent(task, 'tracking stopped', now),
      }) ?? task,
    );
  }

  /**
   * A callback is a hint: its token and signature are checked, then the task is queried (the query, not the
   * callback body, decides the state), so duplicates are harmless and a forged one changes nothing.
   */
  async onCallback(hint: CallbackHint): Promise<CallbackVerdict> {
    // Tasks of an earlier run are looked up on demand (start no longer reads every unfinished row).
    const id = this.callbackTokens.get(hint.token) ?? this.deps.store.idForCallbackToken(hint.token);
    const task = id ? this.get(id) : null;
    // Only on its own task's path token: a valid signature for another task's taskNo changes nothing here.
    if (!task || task.internal.callbackToken !== hint.token) return 'unknown-task';
    const target = await this.target(task);
    if (!target.apiKey || !verifyCallbackSignature(hint.taskNo, hint.timestamp, target.apiKey, hint.sign))
      return 'rejected';
    if (!this.callbackGate.fresh(hint.timestamp, this.deps.clock.now())) return 'rejected';
    if (task.remoteId && task.remoteId !== hint.taskNo) return 'rejected';
    // A replay of what was already handled is answered without asking the gateway again.
    if (!this.callbackGate.firstTime(task.id, hint.taskNo, hint.timestamp)) return 'accepted';
    if (isTerminal(task.status) || task.status === 'downloading') return 'accepted';
    if (!task.remoteId) return this.adoptFromCallback(task, hint.taskNo);
    const now = this.deps.clock.now();
    const current = this.update(task.id, { events: withEvent(task, 'callback received', now) }) ?? task;
    await this.poll(current, { force: true });
    return 'accepted';
  }

  /**
   * A task without a gateway id (still submitting, or `unknown` after a crash) learns its taskNo from a
   * callback on its own path, but only once a query for that taskNo confirms the same model and a known
   * status, and never a taskNo another task already holds.
   */
  private async adoptFromCallback(task: TaskRecord, taskNo: string): Promise<CallbackVerdict> {
    const heldByOther = () => {
      const holder = this.deps.store.heldBy(task.family, taskNo);
      return holder !== null && holder !== task.id;
    };
    if (heldByOther()) return 'rejected';
    const answer = await queryOnce(task, taskNo, await this.target(task), this.http(), 30_000);
    if (!answer) return 'rejected';
    const { body, outcome } = answer;
    const model = firstString(body, ['data.model', 'model', 'data.model_name']);
    if (model !== task.model || outcome.status === 'unknown' || outcome.status === 'stalled') return 'rejected';
    const current = this.get(task.id);
    if (!current || current.remoteId || heldByOther()) return current?.remoteId === taskNo ? 'accepted' : 'rejected';
    const now = this.deps.clock.now();
    const adopted = this.update(task.id, {
      remoteId: taskNo,
      status: current.status === 'unknown' ? 'queued' : current.status,
      error: null,
      events: withEvent(current, `taskNo ${taskNo} learned from a callback, confirmed by a query`, now),
    });
    if (!adopted) return 'rejected';
    const later = isTerminal(outcome.status) ? null : now + this.deps.tuning.pollBaseMs;
    await this.applyOutcome(task.id, outcome, body, later);
    return 'accepted';
  }

  require(id: string): TaskRecord {
    const task = this.get(id);
    if (!task) throw new BridgeError('not_found', 'This task no longer exists.');
    return task;
  }
}
