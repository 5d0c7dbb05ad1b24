import { BridgeError } from '../../shared/bridge/result';
import { isTerminal, type TaskSummary } from '../../shared/domain/task';
import { errorMessage } from '../../shared/error-message';
import type { CallbackHint, CallbackVerdict } from '../callbacks/callback-receiver';
import type { RemoteResult } from '../gateway/parse';
import { scrubText } from '../logging/redact';
import { toSummary, type TaskRecord } from '../tasks/task-record';
import { CallbackIntake } from './callback-intake';
import { targetOf, type EngineContext, type EngineDeps } from './engine-context';
import { GatewayClient } from './gateway-client';
import { neverSent, transition, type Effect, type TaskEvent } from './lifecycle/task-lifecycle';
import { MESSAGE } from './lifecycle/texts';
import { Limiter } from './limiter';
import type { Bookkeeping } from './poll-book';
import { Poller } from './poller';
import { resumeTasks, trickle } from './resume';
import { ResultDownloader } from './result-downloader';
import { Scheduler } from './scheduler';
import { Submission, type SubmitRequest } from './submission';
import type { QueueEvent } from './lifecycle/task-events';

export type { EngineDeps } from './engine-context';
export type { SubmitRequest } from './submission';

/**
 * The durable task engine: its parts raise events, {@link transition} decides (lifecycle/task-lifecycle.ts),
 * the TaskWriter writes, and the engine runs the effects (a poll at a time, downloads, forgetting). Every
 * state lives in the task store; this object holds only timers and work in flight, so a restart resumes where
 * the last process stopped (`start`). Submissions are never retried automatically.
 */
export class TaskEngine {
  private readonly ctx: EngineContext;
  private readonly scheduler: Scheduler;
  private readonly poller: Poller;
  private readonly submission: Submission;
  private readonly callbacks: CallbackIntake;
  private readonly downloader: ResultDownloader;
  /** b64 results of answers whose files are not on disk yet: a download a full disk stopped can still be written. */
  private readonly inlineResults = new Map<string, RemoteResult[]>();
  /** Work started by this engine (polls, sends, downloads); `stop` waits for it before the DB closes. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** While the start's resume runs: the tasks changed since (the resume leaves them as they are). */
  private touched: Set<string> | null = null;
  /** The start's resume, until it is done. */
  private resuming: Promise<void> | null = null;

  constructor(deps: EngineDeps) {
    const secrets = () => deps.profiles.secretsSnapshot();
    const ctx: EngineContext = {
      ...deps,
      gateway: new GatewayClient(deps),
      requests: new Limiter(() => deps.preferences.read().maxRequestsInFlight),
      callbackTokens: new Map(),
      raise: (id, event) => this.raise(id, event),
      target: (task) => targetOf(deps.profiles, task),
      scrub: (text, t) => scrubText(text, t.apiKey ? [t.apiKey, ...secrets()] : secrets()),
      track: (work) => this.track(work),
      wake: () => this.scheduler.wakeAt(deps.clock.now()),
    };
    this.ctx = ctx;
    this.downloader = new ResultDownloader({
      ...ctx,
      fileNamePattern: () => deps.preferences.read().fileNamePattern,
      report: ctx.raise,
      get: (id) => ctx.writer.get(id),
      requery: (task) => this.poller.refreshResultUrls(task),
      progress: (id, index, received, total) => ctx.writer.progressed(id, index, received, total),
    });
    this.poller = new Poller({
      ...ctx,
      stageInline: (id, results) => this.downloader.stageInline(id, results),
      restartDownload: (id) =>
        void this.track(this.downloader.downloadAll(id, this.inlineResults.get(id) ?? [])),
    });
    this.scheduler = new Scheduler({ now: () => deps.clock.now(), pass: () => this.poller.pass() });
    this.submission = new Submission({
      ...ctx,
      submissions: new Limiter(() => deps.preferences.read().maxConcurrentSubmissions),
      inlineOutcome: (id, outcome, raw) => this.poller.outcome(id, 'answered-inline', outcome, raw),
    });
    this.callbacks = new CallbackIntake({
      ...ctx,
      poll: (task, opts) => this.poller.poll(task, opts),
      outcome: (id, outcome, raw, plan) => this.poller.outcome(id, 'polled', outcome, raw, plan),
    });
  }

  /**
   * Starts the scheduler and resumes every unfinished task after it (see {@link resumeTasks}): the answer
   * settles when all are resumed, and the engine works meanwhile. Downloads resume a few per turn.
   */
  start(): Promise<void> {
    this.scheduler.start();
    const download = trickle(
      (id) => void this.track(this.downloader.downloadAll(id)),
      () => this.scheduler.running,
    );
    const touched = (this.touched = new Set<string>());
    const work = resumeTasks(this.ctx, { signal: this.scheduler.signal, touched, download })
      .catch((e: unknown) => this.ctx.log.error('resuming tasks failed', { error: errorMessage(e) }))
      .finally(() => {
        this.touched = null;
        this.resuming = null;
      });
    this.resuming = work;
    return this.track(work);
  }

  /** Stops scheduling, aborts downloads (their partial files resume next start) and waits for work in flight. */
  async stop(): Promise<void> {
    this.scheduler.stop();
    this.downloader.abortAll();
    const timeout = new Promise((r) => setTimeout(r, 10_000).unref?.());
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    this.ctx.writer.flushBook();
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
    // A task caught mid-submission by the last stop is settled by the resume first (never sent or maybe sent);
    // any other task can be checked at once (a download already under way is joined, not started twice).
    if (this.resuming && this.require(id).status === 'submitting') await this.resuming;
    const task = this.require(id);
    if (neverSent(task)) return this.submission.send(task);
    if (!task.remoteId)
      throw new BridgeError(
        'conflict',
        task.family === 'imageEdit' ? MESSAGE.editNotCheckable : MESSAGE.noGatewayId,
      );
    this.raise(id, { type: 'revived' });
    const fresh = this.require(id);
    const filesLeft = fresh.status === 'succeeded' && fresh.results.some((r) => r.state !== 'done');
    if (fresh.status === 'downloading' || filesLeft) await this.downloader.downloadAll(id);
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
    return this.ctx.writer.require(id);
  }

  /** The lifecycle decides what `event` does to the task; the writer writes it; the effects run here. */
  private raise(id: string, event: TaskEvent): TaskRecord | null {
    const { writer, clock } = this.ctx;
    const current = writer.get(id);
    if (!current) return null;
    const { patch, effects, persist } = transition(current, event, clock.now());
    if (!patch) return null;
    const next = persist === 'soon' ? writer.keep(id, patch as Bookkeeping) : writer.write(id, patch);
    this.touched?.add(id);
    for (const effect of effects) this.run(id, effect);
    return next;
  }

  private run(id: string, effect: Effect): void {
    if (effect.kind === 'poll') this.scheduler.wakeAt(effect.at);
    else if (effect.kind === 'forget') this.inlineResults.delete(id);
    else {
      // Not awaited: a poll holds a place under the request cap, and a long download must not keep it.
      if (effect.inline.length) this.inlineResults.set(id, effect.inline);
      void this.track(this.downloader.downloadAll(id, effect.inline)).catch((e: unknown) =>
        this.ctx.log.error('download failed', { id, error: errorMessage(e) }),
      );
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }
}
