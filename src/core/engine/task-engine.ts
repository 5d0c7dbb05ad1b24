import { BridgeError } from '../../shared/bridge/result';
import { isTerminal, type TaskSummary } from '../../shared/domain/task';
import { errorMessage } from '../../shared/error-message';
import type { CallbackHint, CallbackVerdict } from '../callbacks/callback-receiver';
import type { TaskStore } from '../db/task-store';
import type { Estimator } from '../estimates/estimator';
import type { GatewayTarget } from '../gateway/http';
import type { RemoteResult } from '../gateway/parse';
import type { InputStore } from '../inputs/input-store';
import type { LibraryHooks } from '../library/library-service';
import { scrubText } from '../logging/redact';
import type { Clock, Logger, PreferencesStore } from '../ports';
import type { ProfileService } from '../profiles/profile-service';
import { sameOrigin } from '../profiles/key-origin';
import { toSummary, type TaskRecord } from '../tasks/task-record';
import { CallbackIntake } from './callback-intake';
import { GatewayClient } from './gateway-client';
import { neverSent, transition, type Effect, type TaskEvent } from './lifecycle/task-lifecycle';
import { Limiter } from './limiter';
import type { Bookkeeping } from './poll-book';
import { Poller } from './poller';
import { ResultDownloader } from './result-downloader';
import { Scheduler } from './scheduler';
import { Submission, type SubmitRequest } from './submission';
import type { TaskWriter } from './task-writer';
import { isDiskFull } from './write-guard';
import type { EngineTuning } from './tuning';
import type { QueueEvent } from './lifecycle/task-events';
import type { QueueGate } from '../queue/queue-service';

export type { SubmitRequest } from './submission';

export interface EngineDeps {
  store: TaskStore;
  /** The one writer of task rows (built by the composition root, shared with the bridge's marks). */
  writer: TaskWriter;
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
  /** Every gateway answer (HTTP status) or its absence, per profile: feeds the connection's health. */
  onGatewayAnswer?: (profileId: string, answer: number | 'unreachable') => void;
  /** Expected duration per profile, operation and model: set on the task at submission (progress, first poll). */
  estimator?: Estimator;
  /** Atelier's own queue (issue 30): new tasks wait for a slot of their profile; see core/queue. */
  gate?: QueueGate;
}

/**
 * The durable task engine: it raises events, {@link transition} decides (lifecycle/task-lifecycle.ts), the
 * TaskWriter writes, and the engine runs the effects (a poll at a time, downloads, forgetting). Every state
 * lives in the task store; this object holds only timers and work in flight, so a restart resumes where the
 * last process stopped (`start`). Submissions are never retried automatically.
 */
export class TaskEngine {
  private readonly writer: TaskWriter;
  private readonly scheduler: Scheduler;
  private readonly poller: Poller;
  private readonly submission: Submission;
  private readonly callbacks: CallbackIntake;
  private readonly downloader: ResultDownloader;
  /** Callback URL token → task id, for every task of this process and every unfinished one before it. */
  private readonly callbackTokens = new Map<string, string>();
  /** b64 results of answers whose files are not on disk yet: a download a full disk stopped can still be written. */
  private readonly inlineResults = new Map<string, RemoteResult[]>();
  /** Work started by this engine (polls, sends, downloads); `stop` waits for it before the DB closes. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: EngineDeps) {
    const { clock, tuning } = deps;
    this.writer = deps.writer;
    const gateway = new GatewayClient({ fetch: deps.fetch, clock, log: deps.log, ...(deps.onGatewayAnswer ? { onAnswer: deps.onGatewayAnswer } : {}) });
    const requests = new Limiter(() => deps.preferences.read().maxRequestsInFlight);
    const raise = (id: string, event: TaskEvent) => this.raise(id, event);
    const target = (task: TaskRecord) => this.target(task);
    const track = <T,>(work: Promise<T>) => this.track(work);
    const scrub = (text: string, t: GatewayTarget) => scrubText(text, t.apiKey ? [t.apiKey, ...this.secrets()] : this.secrets());
    const wake = () => this.scheduler.wakeAt(clock.now());
    this.downloader = new ResultDownloader({
      dataDir: deps.dataDir,
      libraryDir: deps.libraryDir,
      fetch: deps.fetch,
      log: deps.log,
      clock,
      fileNamePattern: () => deps.preferences.read().fileNamePattern,
      target,
      report: raise,
      get: (id) => this.writer.get(id),
      requery: (task) => this.poller.refreshResultUrls(task),
      progress: (id, index, received, total) => deps.writer.progressed(id, index, received, total),
      ...(deps.hooks ? { hooks: deps.hooks } : {}),
    });
    const stageInline = (id: string, results: Parameters<ResultDownloader['stageInline']>[1]) => this.downloader.stageInline(id, results);
    const restartDownload = (id: string) => void this.track(this.downloader.downloadAll(id, this.inlineResults.get(id) ?? []));
    this.poller = new Poller({ writer: this.writer, store: deps.store, gateway, clock, log: deps.log, tuning, requests, target, raise, stageInline, scrub, restartDownload, track, wake });
    this.scheduler = new Scheduler({ now: () => clock.now(), pass: () => this.poller.pass() });
    this.submission = new Submission({
      ...deps,
      gateway,
      submissions: new Limiter(() => deps.preferences.read().maxConcurrentSubmissions),
      callbackTokens: this.callbackTokens,
      target,
      raise,
      inlineOutcome: (id, outcome, raw) => this.poller.outcome(id, 'answered-inline', outcome, raw),
      scrub,
      track,
      wake,
    });
    this.callbacks = new CallbackIntake({
      ...deps,
      gateway,
      callbackTokens: this.callbackTokens,
      target,
      raise,
      poll: (task, opts) => this.poller.poll(task, opts),
      outcome: (id, outcome, raw, plan) => this.poller.outcome(id, 'polled', outcome, raw, plan),
    });
  }

  /**
   * Resumes every unfinished task: polls continue, downloads resume, interrupted submissions become unknown
   * (never sent: Send offered; maybe sent: the user decides). Reads only the tasks with work to do now.
   */
  start(): void {
    const downloads: string[] = [];
    try {
      // One commit for every change a restart makes (not one fsync'd transaction per interrupted task).
      this.deps.store.transaction(() => {
        for (const w of this.deps.store.resumeWork()) {
          if (w.status === 'submitting') {
            if (!this.raise(w.id, { type: 'not-sent' })) this.raise(w.id, { type: 'maybe-sent', cause: 'restart', message: '' });
          } else if (w.status === 'downloading' || w.status === 'succeeded') downloads.push(w.id);
          else if (w.needsPoll) {
            const token = this.writer.get(w.id)?.internal.callbackToken;
            if (token) this.callbackTokens.set(token, w.id);
            this.raise(w.id, { type: 'resumed' });
          }
        }
      });
    } catch (e) {
      // A full disk must not stop the app from starting: what could not be marked is retried next start.
      if (!isDiskFull(e)) throw e;
      this.deps.log.error('resuming tasks failed: disk full', { error: errorMessage(e) });
    }
    this.scheduler.start();
    // A few downloads per turn of the event loop, so a large backlog never delays the first screen.
    const next = (): void => {
      if (!this.scheduler.running) return;
      for (const id of downloads.splice(0, 8)) void this.track(this.downloader.downloadAll(id));
      if (downloads.length > 0) setImmediate(next);
    };
    if (downloads.length > 0) setImmediate(next);
  }

  /** Stops scheduling, aborts downloads (their partial files resume next start) and waits for work in flight. */
  async stop(): Promise<void> {
    this.scheduler.stop();
    this.downloader.abortAll();
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, 10_000).unref?.())]);
    this.writer.flushBook();
  }

  submit(req: SubmitRequest): Promise<TaskSummary> {
    return this.submission.submit(req);
  }

  /** The queue's gate let a waiting task through: send it (tracked, so `stop` waits for its answer). */
  sendQueued(id: string): Promise<void> {
    return this.track(this.submission.sendQueued(this.require(id)));
  }

  /** A queue event (reorder, cancel while waiting) through the lifecycle and the one writer. */
  queueEvent(id: string, event: QueueEvent): TaskRecord | null {
    return this.raise(id, event);
  }

  /** "Check again": an immediate query (also revives stalled and stopped tasks); a task never sent is sent. */
  async check(id: string): Promise<TaskSummary> {
    const task = this.require(id);
    if (neverSent(task)) return this.submission.send(task);
    if (!task.remoteId) {
      if (task.family === 'imageEdit')
        throw new BridgeError('conflict', 'Image edits answer at once and cannot be checked later. Reuse its settings to try again.');
      throw new BridgeError('conflict', 'This task has no gateway id, so it cannot be checked. Look at your gateway account, or resubmit it.');
    }
    this.raise(id, { type: 'revived' });
    const fresh = this.require(id);
    if (fresh.status === 'downloading' || (fresh.status === 'succeeded' && fresh.results.some((r) => r.state !== 'done')))
      await this.downloader.downloadAll(id);
    else if (!isTerminal(fresh.status)) await this.poller.poll(fresh, { force: true });
    return toSummary(this.require(id));
  }

  async retryDownload(id: string): Promise<TaskSummary> {
    this.require(id);
    await this.downloader.downloadAll(id, this.inlineResults.get(id) ?? []);
    return toSummary(this.require(id));
  }

  /** Stops polling a task; the gateway may still finish it (there is no documented cancel endpoint). */
  stopTracking(id: string): TaskSummary {
    this.require(id);
    return toSummary(this.raise(id, { type: 'stopped' }) ?? this.require(id));
  }

  onCallback(hint: CallbackHint): Promise<CallbackVerdict> {
    return this.callbacks.onCallback(hint);
  }

  require(id: string): TaskRecord {
    return this.writer.require(id);
  }

  /** The lifecycle decides what `event` does to the task; the writer writes it; the effects run here. */
  private raise(id: string, event: TaskEvent): TaskRecord | null {
    const current = this.writer.get(id);
    if (!current) return null;
    const { patch, effects, persist } = transition(current, event, this.deps.clock.now());
    if (!patch) return null;
    const next = persist === 'soon' ? this.writer.keep(id, patch as Bookkeeping) : this.writer.write(id, patch);
    for (const effect of effects) this.run(id, effect);
    return next;
  }

  private run(id: string, effect: Effect): void {
    if (effect.kind === 'poll') this.scheduler.wakeAt(effect.at);
    else if (effect.kind === 'forget') this.inlineResults.delete(id);
    else {
      // Not awaited: a poll holds a place under the request cap, and a long download must not keep it.
      if (effect.inline.length) this.inlineResults.set(id, effect.inline);
      void this.track(this.downloader.downloadAll(id, effect.inline)).catch((e: unknown) => this.deps.log.error('download failed', { id, error: errorMessage(e) }));
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /**
   * Where a task's requests go: a key only to its profile's origin (a task sent before the profile moved keeps
   * its old base URL, and gets no key there); the demo gateway's tasks follow it to its port after a restart.
   */
  private async target(task: TaskRecord): Promise<GatewayTarget> {
    const resolved = await this.deps.profiles.resolve(task.profileId).catch(() => null);
    const baseUrl = task.demo && resolved?.profile.demo ? resolved.baseUrl : task.internal.baseUrl;
    const keyFits = !!resolved && sameOrigin(baseUrl, resolved.baseUrl);
    return { baseUrl, apiKey: keyFits ? (resolved?.apiKey ?? null) : null, vendor: task.internal.vendor, gatewayAuthHeader: resolved?.profile.gatewayAuthHeader ?? 'Authorization' };
  }

  private secrets(): readonly string[] {
    return this.deps.profiles.secretsSnapshot();
  }
}
