import type Database from 'libsql';
import type { QueueWaitReason } from '../../shared/domain/queue';
import type { TaskStatus, TaskSummary } from '../../shared/domain/task';
import type { Logger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';
import type { BusyKind } from './busy-refusal';
import type { QueueEngine, QueueGate } from './queue-gate';
import { learnedLimit, nextWake, ordered, pickToSend, rankAtBack, rankAtEnd, rankAtFront, rankBefore, renumbered, type SlotState, type WaitingItem } from './queue-line';
import { loadQueueRows } from './queue-load';
import { QueueSettings } from './queue-settings';

/** Statuses that hold one of the profile's slots: on the way to the gateway, or running there. */
const HOLDS_SLOT: ReadonlySet<TaskStatus> = new Set(['submitting', 'queued', 'running']);

/**
 * Whether a task takes one of its profile's slots. An `unknown` task with a gateway id is still polled and
 * may well be running there (a status the adapter could not read, a drift like NOT_START): it counts, or the
 * queue would send one task too many and meet a 1303.
 */
const holdsSlot = (t: { status: TaskStatus; remoteId: string | null }): boolean =>
  HOLDS_SLOT.has(t.status) || (t.status === 'unknown' && t.remoteId !== null);

export interface QueueServiceDeps {
  db: Database.Database;
  /** The task as the engine's writer has it now. */
  get: (id: string) => TaskRecord | null;
  now: () => number;
  log: Logger;
  /** The queue changed (coalesced): the snapshot is built and pushed by the caller. */
  changed: () => void;
  /** A limit was learned from a refusal: tell the user (once per profile). */
  learned: (profileId: string, limit: number) => void;
  /** Team mode: only a task this machine holds the lease of is sent from here (solo: every task). */
  mayWork?: (id: string) => boolean;
}

/**
 * What the queue view shows of a task. Kept from the rows at start and from the writer's changes after, so
 * building a snapshot reads no row: with a thousand tasks running, a snapshot per change read a thousand
 * rows each time (issue 27's bench: a third of the engine's CPU per task).
 */
export type QueueFacts = Pick<TaskSummary, 'id' | 'operationId' | 'family' | 'model' | 'prompt' | 'batchId' | 'createdAt' | 'submittedAt' | 'expectedMs'>;

const factsOf = (t: QueueFacts): QueueFacts => ({
  id: t.id,
  operationId: t.operationId,
  family: t.family,
  model: t.model,
  prompt: t.prompt.slice(0, 300),
  batchId: t.batchId,
  createdAt: t.createdAt,
  submittedAt: t.submittedAt,
  expectedMs: t.expectedMs,
});

interface Held {
  profileId: string;
  status: TaskStatus;
  facts: QueueFacts;
}

/** A waiting task: its place in line, what the view shows, and why it waits (stored with its place). */
export interface WaitingTask extends WaitingItem {
  facts: QueueFacts;
  reason: QueueWaitReason | null;
}

/**
 * Atelier's own queue (issue 30): slots per gateway profile, the order of the waiting tasks, pauses, learned
 * limits. Its state is the task rows (status `waiting`, their place) and `queue_profiles`; in memory it keeps
 * only what those say, rebuilt at {@link start}, so a crash loses nothing and a waiting task is never sent twice
 * (sending goes through the lifecycle's `dequeued` → `sending` events).
 */
export class QueueService implements QueueGate {
  readonly settings: QueueSettings;
  private readonly waiting = new Map<string, WaitingTask>();
  private readonly held = new Map<string, Held>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /**
   * Profiles that got a parallel-limit refusal → the most tasks the gateway was seen running for them since
   * (accepted, not finished): the limit is set from it once their submissions in flight are answered.
   */
  private readonly learning = new Map<string, number>();
  private engine: QueueEngine | null = null;
  private stopped = true;
  /** Tasks the writer told of before {@link start}: their rows may be older than what the writer holds. */
  private readonly seenBeforeStart = new Set<string>();
  private pumpQueued = false;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private lastRank = 0;
  /** Stopped for good: a start still reading pages leaves off. */
  private halted = false;
  private loaded: () => void = () => undefined;
  private readonly isReady = new Promise<void>((resolve) => (this.loaded = resolve));

  constructor(private readonly deps: QueueServiceDeps) {
    this.settings = new QueueSettings(deps.db, deps.now);
  }

  attach(engine: QueueEngine): void {
    this.engine = engine;
  }

  /**
   * Reads the lines and the slots' holders from the rows, a page per turn of the event loop (a start with a
   * hundred thousand tasks at the gateway answers meanwhile), then sends what may go. Until then the queue
   * sends nothing and {@link ready} waits: no decision is taken on a partial count of the slots.
   */
  async start(): Promise<void> {
    const each = (task: TaskRecord): void => {
      // A task the writer told of while the queue loaded is kept as told (newer than its row).
      if (!this.seenBeforeStart.has(task.id)) this.track(task);
    };
    if (!(await loadQueueRows(this.deps.db, each, () => this.halted))) return;
    this.seenBeforeStart.clear();
    this.stopped = false;
    this.loaded();
    this.pump();
  }

  /** Settles once {@link start} has read every row, or the queue stopped. */
  ready(): Promise<void> {
    return this.isReady;
  }

  stop(): void {
    this.halted = true;
    this.stopped = true;
    this.loaded();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }

  // ---- what the engine tells the queue ---------------------------------------------------------------

  /** Every task change (the writer's `taskChanged`): keeps the lines and slot counts in step with the rows. */
  observe(summary: TaskSummary): void {
    if (this.stopped) this.seenBeforeStart.add(summary.id);
    const wasHeld = this.held.has(summary.id);
    const before = this.shown(summary.id);
    if (summary.status === 'waiting') {
      // Its place and backoff live in the row's queue data, which the summary does not carry.
      const task = this.deps.get(summary.id);
      if (task) this.track(task);
    } else if (holdsSlot(summary)) {
      this.waiting.delete(summary.id);
      this.held.set(summary.id, { profileId: summary.profileId, status: summary.status, facts: factsOf(summary) });
    } else {
      this.held.delete(summary.id);
      this.waiting.delete(summary.id);
    }
    const after = this.shown(summary.id);
    if (before !== null || after !== null) {
      this.noteRunning(summary.profileId);
      // A poll or the progress of a running task changes nothing the view shows: no new snapshot for it.
      if (before !== after) this.deps.changed();
      if (wasHeld && !this.held.has(summary.id)) this.schedulePump();
    }
  }

  /** What the queue view shows of a task, as a key to compare (null: not in the queue). */
  private shown(id: string): string | null {
    const h = this.held.get(id);
    if (h) return `held ${h.profileId} ${h.facts.submittedAt} ${h.facts.expectedMs}`;
    const w = this.waiting.get(id);
    return w ? `waiting ${w.profileId} ${w.rank} ${w.notBefore} ${w.reason} ${w.facts.expectedMs}` : null;
  }

  forget(id: string): void {
    const known = this.held.delete(id) || this.waiting.delete(id);
    if (known) {
      this.deps.changed();
      this.schedulePump();
    }
  }

  nextRank(profileId: string): number {
    const rank = Math.max(rankAtEnd(this.line(profileId)), this.lastRank + 1);
    this.lastRank = rank;
    return rank;
  }

  sending(id: string): Promise<void> | undefined {
    return this.inFlight.get(id);
  }

  mayGoNow(profileId: string): boolean {
    if (this.stopped || !this.engine || this.settings.allPaused) return false;
    for (const w of this.waiting.values()) if (w.profileId === profileId) return false;
    const slot = this.slots(profileId);
    return !slot.paused && (slot.limit === null || slot.running < slot.limit);
  }

  refused(_id: string, profileId: string, kind: BusyKind): void {
    if (kind === 'parallel' && !this.learning.has(profileId)) this.learning.set(profileId, 0);
    this.noteRunning(profileId);
    this.deps.changed();
    this.schedulePump();
  }

  // ---- the gate ----------------------------------------------------------------------------------

  /** Sends every waiting task that may go now (free slot, not paused, backoff over), in line order. */
  pump(): void {
    this.pumpQueued = false;
    if (this.stopped || !this.engine) return;
    this.settleLearning();
    const now = this.deps.now();
    const mine = [...this.waiting.values()].filter((i) => this.deps.mayWork?.(i.id) ?? true);
    const picks = pickToSend(mine, (p) => this.slots(p), this.settings.allPaused, now);
    for (const id of picks) {
      const item = this.waiting.get(id);
      if (!item) continue;
      this.waiting.delete(id);
      this.held.set(id, { profileId: item.profileId, status: 'submitting', facts: item.facts });
      // The send itself (its refusal reaches a form still waiting on it, see Submission); the queue only logs.
      const work = this.engine.dispatch(id);
      this.inFlight.set(id, work);
      void work
        .catch((e: unknown) => this.deps.log.warn('a queued task could not be sent', { id, error: e instanceof Error ? e.message : String(e) }))
        .finally(() => {
          this.inFlight.delete(id);
          this.schedulePump();
        });
    }
    if (picks.length) this.deps.changed();
    this.planWake(now);
  }

  private schedulePump(): void {
    if (this.pumpQueued || this.stopped) return;
    this.pumpQueued = true;
    setImmediate(() => this.pump());
  }

  /** Looks again when the earliest backoff ends (nothing else would wake the queue then). */
  private planWake(now: number): void {
    const at = nextWake([...this.waiting.values()], now);
    if (at === null || at >= this.wakeAt) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeAt = Number.POSITIVE_INFINITY;
      this.deps.changed();
      this.pump();
    }, Math.max(0, at - now));
    this.wakeTimer.unref?.();
  }

  /**
   * A parallel-limit refusal teaches the limit: once every submission of the profile in flight has its
   * answer, the tasks the gateway accepted and still runs are what it allows. Until then the profile waits.
   */
  private settleLearning(): void {
    for (const [profileId, seen] of [...this.learning]) {
      const mine = [...this.held.values()].filter((h) => h.profileId === profileId);
      if (mine.some((h) => h.status === 'submitting')) continue;
      this.learning.delete(profileId);
      const current = this.settings.get(profileId);
      // The most seen running: answers of accepted tasks may come after the refusal, and a task may finish
      // (here, a poll later than at the gateway) before the last submission in flight is answered.
      const limit = learnedLimit(current.limit, Math.max(seen, mine.length));
      if (limit === current.limit) continue;
      this.settings.setLimit(profileId, limit, 'learned');
      if (!this.settings.get(profileId).told) {
        this.settings.markTold(profileId);
        this.deps.learned(profileId, limit);
      }
      this.deps.changed();
    }
  }

  /** While learning: the most tasks of the profile accepted by the gateway and not finished, seen so far. */
  private noteRunning(profileId: string): void {
    const seen = this.learning.get(profileId);
    if (seen === undefined) return;
    let running = 0;
    for (const h of this.held.values()) if (h.profileId === profileId && h.status !== 'submitting') running++;
    if (running > seen) this.learning.set(profileId, running);
  }

  slots(profileId: string): SlotState {
    const s = this.settings.get(profileId);
    let running = 0;
    for (const h of this.held.values()) if (h.profileId === profileId) running++;
    return { limit: s.limit, running, paused: s.paused || this.learning.has(profileId) };
  }

  // ---- the user's controls -----------------------------------------------------------------------

  setPaused(profileId: string | null, paused: boolean): void {
    this.settings.setPaused(profileId, paused);
    this.deps.changed();
    if (!paused) this.pump();
  }

  setLimit(profileId: string, limit: number | null): void {
    this.settings.setLimit(profileId, limit, 'user');
    this.deps.changed();
    this.pump();
  }

  /** Moves a waiting task in its line; false when it is not waiting (sent meanwhile). */
  move(id: string, to: { kind: 'next' } | { kind: 'last' } | { kind: 'before'; beforeId: string | null }): boolean {
    const item = this.waiting.get(id);
    if (!item || !this.engine) return false;
    let line = this.line(item.profileId);
    const rankFor = (): number | null =>
      to.kind === 'next' ? rankAtFront(line, id) : to.kind === 'last' ? rankAtBack(line, id) : rankBefore(line, id, to.beforeId);
    let rank = rankFor();
    if (rank === null) {
      for (const [other, fresh] of renumbered(line)) this.engine.raise(other, { type: 'reranked', rank: fresh });
      line = this.line(item.profileId);
      rank = rankFor();
    }
    if (rank === null) return false;
    this.engine.raise(id, { type: 'reranked', rank });
    this.deps.changed();
    return true;
  }

  /** Cancels waiting tasks (one, or a batch's waiting members); the ids actually cancelled. */
  cancel(target: { id: string } | { batchId: string }): string[] {
    if (!this.engine) return [];
    const ids =
      'id' in target
        ? [target.id]
        : [...this.waiting.values()].filter((i) => i.facts.batchId === target.batchId).map((i) => i.id);
    const done = ids.filter((id) => this.waiting.has(id) && this.engine?.raise(id, { type: 'withdrawn' }));
    if (done.length) this.deps.changed();
    return done;
  }

  // ---- reading -----------------------------------------------------------------------------------

  /** A profile's waiting tasks in line order. */
  line(profileId: string): WaitingTask[] {
    return ordered([...this.waiting.values()].filter((i) => i.profileId === profileId));
  }

  /** Tasks in the queue: waiting, or holding a slot. */
  get size(): number {
    return this.waiting.size + this.held.size;
  }

  /** Profiles with anything in the queue or a stored setting. */
  profileIds(): string[] {
    const ids = new Set(this.settings.known());
    for (const i of this.waiting.values()) ids.add(i.profileId);
    for (const h of this.held.values()) ids.add(h.profileId);
    return [...ids];
  }

  /** What the view shows of the tasks holding a profile's slots. */
  heldBy(profileId: string): QueueFacts[] {
    return [...this.held.values()].filter((h) => h.profileId === profileId).map((h) => h.facts);
  }

  isLearning(profileId: string): boolean {
    return this.learning.has(profileId);
  }

  private track(task: TaskRecord): void {
    if (task.status === 'waiting') {
      this.held.delete(task.id);
      const place = task.internal.queue;
      const rank = place?.rank ?? this.nextRank(task.profileId);
      this.lastRank = Math.max(this.lastRank, rank);
      this.waiting.set(task.id, {
        id: task.id,
        profileId: task.profileId,
        rank,
        notBefore: place?.notBefore ?? null,
        createdAt: task.createdAt,
        facts: factsOf(task),
        reason: place?.reason ?? null,
      });
    } else if (holdsSlot(task)) {
      this.waiting.delete(task.id);
      this.held.set(task.id, { profileId: task.profileId, status: task.status, facts: factsOf(task) });
    }
  }
}
