import { z } from 'zod';
import { BridgeError } from '../../shared/bridge/result';
import type { TaskStore } from '../db/task-store';
import type { CoreEvents } from '../events';
import { silentLogger, type Logger } from '../ports';
import { MESSAGE } from '../engine/lifecycle/texts';
import { withEvent } from '../engine/record-factory';
import type { TaskRecord } from '../tasks/task-record';
import { CacheApplier, type ReplicaWriter } from './cache-applier';
import type { TeamEngineHooks } from './engine-hooks';
import { HeldLeases } from './held-leases';
import { ChangeFeed, type FeedState } from './pg/change-feed';
import { openLedger, type TeamLedger } from './pg/open-ledger';
import { BudgetExceeded, type Lease, type MediaStore, type MemberSpend } from './ports';
import { TaskMirror } from './task-mirror';
import { EditQueue } from './edit-queue';
import { DownloadCheckpoints } from './download-checkpoints';
import { SharedItems } from './shared-items';
import { DEFAULT_CACHE_BYTES, TeamMediaCache } from './media-cache';
import { ledgerUnreachable, OfflineReservations } from './offline-reservations';
import type { TaskSummary } from '../../shared/domain/task';
import { parseTaskRecord } from './record-schema';
import { FeedCursor } from './feed-cursor';

export interface TeamSessionOptions {
  /** postgres://… of the team's database (its password comes from the secrets store, never from the ledger). */
  url: string;
  member: string;
  /** This machine's lease owner name; stable across restarts so it finds its own leases again. */
  machine: string;
  media: MediaStore;
  leaseMs?: number;
  /** How often leases are renewed and abandoned ones looked for (default a third of the lease). */
  keeperMs?: number;
  /** Points to reserve for a task before it is sent (default: core's estimate, else 1). */
  pricing?: (record: TaskRecord) => number;
  /** Where the last applied change-log sequence is kept between runs (absent: memory only). */
  cursorFile?: string;
  /** The most bytes of other machines' results kept on this machine (default DEFAULT_CACHE_BYTES). */
  cacheBytes?: number;
  /**
   * How long one ledger statement may take (default LEDGER_QUERY_TIMEOUT_MS). Also how long a task waits for
   * the ledger to record that it is being sent: not recorded by then, it is not sent (see sendRecorded).
   */
  ledgerQueryTimeoutMs?: number;
  /** For Settings → Team: the database address without its password, and the media address. */
  joinedWith?: { postgresUrl: string; media: string };
  log?: Logger;
}

/** The parts of core a session works with, given when core is composed. */
export interface TeamCoreParts {
  store: TaskStore;
  /** Core's one writer of task rows: every row team mode brings in or takes over is written through it. */
  writer: ReplicaWriter;
  events: CoreEvents;
  engine: { retryDownload(id: string): Promise<unknown> };
  libraryDir: () => string;
  now: () => number;
  /** What a task is expected to cost (core's estimator), reserved before it is sent; null: unknown. */
  price?: (record: TaskRecord) => number | null;
  /** Core's data folder (downloads in progress live in it): absent, downloads are not checkpointed. */
  dataDir?: string;
  /** Lets the queue look again (tasks reserved after the database came back may be sent). */
  pump?: () => void;
  /** The team database went away (true) or is back (false): core shows or clears its notice. */
  onOffline?: (offline: boolean) => void;
  /** The cap of the cache of other machines' results (Settings), read at each use; `cacheBytes` overrides it. */
  cacheCapBytes?: () => number;
}

export interface TeamStatus {
  member: string;
  machine: string;
  feed: FeedState;
  held: number;
  lastSeq: number;
  pendingWrites: number;
}

const INTERRUPTED = 'The machine working this task stopped while it was being submitted. The gateway may have accepted it; check before resubmitting.';
const mediaRefsSchema = z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/));

/**
 * This machine in a team: leases (renewed, taken over when another machine's expire), the writer hook that
 * mirrors held tasks into the ledger, and the LISTEN feed that brings everyone else's into the SQLite cache.
 */
export class TeamSession {
  readonly hooks: TeamEngineHooks;
  private parts: TeamCoreParts | null = null;
  private readonly held: HeldLeases;
  private mirror: TaskMirror | null = null;
  private applier: CacheApplier | null = null;
  private feed: ChangeFeed | null = null;
  private keeper: NodeJS.Timeout | null = null;
  private keeping: Promise<void> | null = null;
  private offEvents: (() => void) | null = null;
  private foreignSubmitting: string[] = [];
  private readonly log: Logger;
  private edits: EditQueue | null = null;
  private checkpoints: DownloadCheckpoints | null = null;
  private checkpointing: Promise<void> | null = null;
  private offline: OfflineReservations | null = null;
  private items: SharedItems | null = null;
  private cache: TeamMediaCache | null = null;
  private itemTimer: NodeJS.Timeout | null = null;
  private readonly cursor: FeedCursor;
  readonly leaseMs: number;

  private constructor(
    private readonly options: TeamSessionOptions,
    readonly ledger: TeamLedger,
  ) {
    this.log = options.log ?? silentLogger;
    this.cursor = new FeedCursor(options.cursorFile, this.log);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.held = new HeldLeases(this.leaseMs, () => this.parts?.now() ?? Date.now());
    this.hooks = {
      mayWork: (id) => this.held.live(id),
      reserve: (record, boardId) => this.reserve(record, boardId),
      sendRecorded: (id) => this.sendRecorded(id),
      reachable: () => this.feed?.state === 'live',
    };
  }

  /** Connects to the team's database and runs its migrations (join). */
  static async join(options: TeamSessionOptions): Promise<TeamSession> {
    const ledger = await openLedger(options.url, {
      owner: options.machine,
      member: options.member,
      leaseMs: options.leaseMs ?? 30_000,
      ...(options.ledgerQueryTimeoutMs !== undefined ? { queryTimeoutMs: options.ledgerQueryTimeoutMs } : {}),
    });
    return new TeamSession(options, ledger);
  }

  get joinedWith(): TeamSessionOptions['joinedWith'] | null { return this.options.joinedWith ?? null; }
  get member(): string {
    return this.options.member;
  }

  get media(): MediaStore {
    return this.options.media;
  }

  /** Who made the task, as far as this machine has heard. */
  memberOf(taskId: string): string | null {
    return this.applier?.members.get(taskId) ?? (this.held.get(taskId) ? this.options.member : null);
  }

  bind(parts: TeamCoreParts): void {
    this.parts = parts;
    const common = { store: parts.store, media: this.options.media, held: this.held, libraryDir: parts.libraryDir, log: this.log };
    this.mirror = new TaskMirror({ ...common, library: this.ledger.library, onLost: (id) => void this.refresh(id) });
    if (parts.dataDir)
      this.checkpoints = new DownloadCheckpoints({
        store: parts.store,
        media: this.options.media,
        held: this.held,
        dataDir: parts.dataDir,
        log: this.log,
        announce: async (id) => this.mirror?.landed(id, this.ledger.queryTimeoutMs),
      });
    this.offline = new OfflineReservations({
      store: parts.store,
      writer: parts.writer,
      reserve: (record) => this.reserveInLedger(record, null),
      pump: () => parts.pump?.(),
      now: parts.now,
      log: this.log,
    });
    this.items = new SharedItems(parts.store.db, this.ledger.pool, this.options.machine, this.log, (kinds) => parts.events.emit('sharedItemsChanged', { kinds }));
    this.edits = new EditQueue(this.ledger.pool, this.options.machine, this.log);
    const edits = this.edits;
    this.cache = new TeamMediaCache({ db: parts.store.db, media: this.options.media, libraryDir: parts.libraryDir, capBytes: () => this.options.cacheBytes ?? parts.cacheCapBytes?.() ?? DEFAULT_CACHE_BYTES, now: parts.now, log: this.log });
    this.applier = new CacheApplier({ ...common, writer: parts.writer, pendingFlag: (id, field) => edits.pending(id, field), cache: this.cache });
    this.offEvents = parts.events.subscribe((event, payload) => {
      if (event === 'preferencesChanged') void this.cache?.trim().catch((e: unknown) => this.log.warn('team: the cache could not be trimmed', { error: String(e) }));
      if (event !== 'taskChanged') return;
      const task = payload as TaskSummary;
      this.noteFlagEdits(task);
      if (this.held.get(task.id)) this.mirror?.schedule(task.id);
    });
  }

  /** Before the engine resumes: this machine's own leases from its last run, so it resumes exactly those. */
  async beforeEngineStart(): Promise<void> {
    const parts = this.need();
    const at = parts.now();
    const mine = await this.ledger.pool.query<{ id: string; lease_epoch: string }>('SELECT id, lease_epoch FROM tasks WHERE open AND lease_owner = $1', [this.options.machine]);
    for (const row of mine.rows) {
      const renewed = await this.ledger.leases.renew({ taskId: row.id, owner: this.options.machine, epoch: Number(row.lease_epoch), until: 0 });
      if (renewed) this.held.hold(renewed, at);
    }
    // The engine marks every local `submitting` row as interrupted; those of other machines are theirs to judge.
    await this.offline?.recover(async (ids) => new Set((await this.ledger.pool.query<{ id: string }>('SELECT id FROM tasks WHERE id = ANY($1)', [ids])).rows.map((r) => r.id)));
    this.foreignSubmitting = parts.store.resumeWork().filter((w) => w.status === 'submitting' && !this.held.get(w.id)).map((w) => w.id);
  }

  /** After the engine resumed: foreign rows put back, held ones written, the feed and the keeper started. */
  async afterEngineStart(): Promise<void> {
    for (const id of this.foreignSubmitting) await this.refresh(id);
    for (const l of this.held.all()) this.mirror?.schedule(l.taskId);
    this.feed = new ChangeFeed({
      url: this.options.url,
      since: this.cursor.read(),
      self: this.options.machine,
      apply: async (rows) => {
        await this.applier?.apply(rows);
      },
      onAdvance: (seq) => this.cursor.advance(seq),
      alsoPull: async (client) => this.items?.pull(client),
      onState: (state, error) => {
        this.log.info('team: change feed', { state, ...(error ? { error } : {}) });
        if (state === 'offline' || state === 'live') this.parts?.onOffline?.(state === 'offline');
      },
    });
    this.feed.start();
    const every = this.options.keeperMs ?? Math.max(100, Math.floor(this.leaseMs / 3));
    this.keeper = setInterval(() => {
      if (!this.keeping) this.keeping = this.keep().finally(() => (this.keeping = null));
      // Beside the keeper, not in it: a slow upload of downloaded bytes never delays a lease renewal.
      if (this.checkpoints && !this.checkpointing) this.checkpointing = this.checkpoints.tick().finally(() => (this.checkpointing = null));
    }, every);
    this.keeper.unref?.();
    // Board and prompt edits made here go out within a moment (the triggers that record them cannot call us).
    this.itemTimer = setInterval(() => void this.items?.flush(), 300);
    this.itemTimer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.keeper) clearInterval(this.keeper);
    if (this.itemTimer) clearInterval(this.itemTimer);
    await this.items?.flush();
    await this.keeping;
    await this.checkpointing;
    await this.mirror?.idle();
    await this.applier?.idle();
    this.offEvents?.();
    await this.feed?.stop();
    this.cursor.flush();
    await this.ledger.close();
  }

  status(): TeamStatus {
    return {
      member: this.options.member,
      machine: this.options.machine,
      feed: this.feed?.state ?? 'connecting',
      held: this.held.size,
      lastSeq: this.feed?.lastSeq ?? 0,
      pendingWrites: (this.mirror?.pending ?? 0) + (this.edits?.size ?? 0) + (this.offline?.size ?? 0) + (this.items?.pending ?? 0),
    };
  }

  /** Before a media file is served: another machine's result evicted from the cache is fetched back first. */
  async beforeServe(requestPath: string): Promise<void> {
    const clean = requestPath.replace(/^\/+/, '');
    if (clean.startsWith('library/')) await this.cache?.view(clean.slice('library/'.length));
  }

  /** Bytes of other machines' results on this machine now. */
  cachedBytes(): number {
    return this.cache?.bytes() ?? 0;
  }

  spendByMember(): Promise<MemberSpend[]> {
    return this.ledger.library.spendByMember();
  }

  /** Waits until the feed has applied everything committed so far (tests, the demo). */
  async caughtUp(): Promise<void> {
    await this.feed?.pull();
  }

  /** Whether the ledger took the task's `sending` state within one statement's bound (see TeamEngineHooks). */
  private async sendRecorded(taskId: string): Promise<boolean> {
    const recorded = (await this.mirror?.landed(taskId, this.ledger.queryTimeoutMs)) ?? false;
    if (!recorded) this.log.warn('team: the ledger did not record the send in time; the task is not sent and waits', { task: taskId });
    return recorded;
  }

  private async reserve(record: TaskRecord, boardId: string | null): Promise<void> {
    try {
      await this.reserveInLedger(record, boardId);
    } catch (e) {
      if (e instanceof BudgetExceeded) throw new BridgeError('conflict', e.message);
      // The database is away: a task in the local queue waits for its reservation (never sent without one).
      if (record.status === 'waiting' && this.offline && ledgerUnreachable(e)) return this.offline.park(record);
      throw new BridgeError('gateway_unreachable', `The team database cannot be reached, so nothing was reserved or sent: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async reserveInLedger(record: TaskRecord, boardId: string | null): Promise<void> {
    // The high end of the estimate is held; the spend settles to what the gateway charged when the task closes.
    const points = this.options.pricing?.(record) ?? this.parts?.price?.(record) ?? record.points ?? 1;
    const at = this.need().now();
    const lease = await this.ledger.library.reserveAndInsert({ task: record, member: this.options.member, points, owner: this.options.machine, boardId });
    this.mirror?.inserted(record);
    this.held.hold(lease, at);
  }

  /** A favourite or rejection that differs from what the ledger last said was made here: queued for the ledger. */
  private noteFlagEdits(task: TaskSummary): void {
    const known = this.applier?.flags.get(task.id) ?? (this.held.get(task.id) ? { favourite: false, rejected: false } : undefined);
    if (!known || !this.edits) return;
    for (const field of ['favourite', 'rejected'] as const) {
      if (task[field] === known[field]) continue;
      known[field] = task[field];
      this.edits.push({ taskId: task.id, field, value: task[field] });
    }
    this.applier?.flags.set(task.id, known);
  }

  /** Renews held leases, takes over abandoned tasks, and sends writes that waited for the database. */
  private async keep(): Promise<void> {
    const parts = this.need();
    try {
      let revived = false;
      const leases = [...this.held.all()];
      const liveBefore = new Set(leases.filter((l) => this.held.live(l.taskId)).map((l) => l.taskId));
      // Counted from before the request: the lease here never outlives the database's.
      const asked = parts.now();
      // Renewal and the takeover scan in one statement (see PgLeaseCoordinator.keepRound).
      const { renewed: renewals, claimed } = await this.ledger.leases.keepRound(leases, 16);
      for (const lease of leases) {
        const wasLive = liveBefore.has(lease.taskId);
        const renewed = renewals.get(lease.taskId);
        if (renewed) {
          this.held.hold(renewed, asked);
          revived ||= !wasLive;
        } else if (this.held.get(lease.taskId)?.epoch === lease.epoch) {
          this.held.drop(lease.taskId);
          await this.refresh(lease.taskId);
        }
      }
      // A lease live again (a slow reservation or renewal let it lapse locally): its waiting task may go now.
      if (revived) parts.pump?.();
      for (const lease of claimed) await this.adopt(lease, asked);
      this.mirror?.retry();
      await this.edits?.flush();
      await this.offline?.replay();
    } catch (e) {
      this.log.warn('team: lease upkeep failed (the database may be away)', { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** Takes over a task another machine abandoned, under the single-machine rules: never resend blindly. */
  private async adopt(lease: Lease, at: number): Promise<void> {
    const parts = this.need();
    const found = await this.ledger.library.get(lease.taskId);
    if (!found) return;
    const record = this.applier?.withLocalFlags(found) ?? found;
    this.held.hold(lease, at);
    const now = parts.now();
    let next: TaskRecord = { ...record, internal: { ...record.internal, nextPollAt: null } };
    if (record.status === 'submitting')
      // Its send phase (state, not log text) says whether the request could have gone out.
      next = !record.remoteId && record.internal.sendPhase === 'local'
        ? { ...next, status: 'unknown', rawStatus: MESSAGE.notSentRaw, error: MESSAGE.notSent, events: withEvent(record, 'not sent (its machine stopped first)', now) }
        : { ...next, status: 'unknown', error: INTERRUPTED, events: withEvent(record, 'taken over: interrupted during submission', now) };
    else if (record.status === 'queued' || record.status === 'running')
      next = { ...next, internal: { ...record.internal, nextPollAt: now }, events: withEvent(record, `taken over by ${this.options.machine}`, now) };
    else next = { ...next, events: withEvent(record, `taken over by ${this.options.machine}`, now) };
    parts.writer.applyReplica(next);
    if (next.status === 'waiting') parts.pump?.(); // now this machine's to send
    if (next.status === 'downloading' || next.status === 'succeeded') {
      // The last holder's saved bytes first: the download resumes where it stopped (see DownloadCheckpoints).
      await this.checkpoints?.restore(next);
      void parts.engine.retryDownload(next.id).catch(() => undefined);
    }
  }

  /** Puts the ledger's state of a task into the cache (another machine works it). */
  private async refresh(taskId: string): Promise<void> {
    try {
      const row = (await this.ledger.pool.query<{ record: unknown; media: unknown }>('SELECT record, media FROM tasks WHERE id = $1', [taskId])).rows[0];
      if (row) await this.applier?.applyOne(parseTaskRecord(row.record), mediaRefsSchema.parse(row.media));
    } catch (e) {
      this.log.warn('team: a task could not be read back from the ledger', { task: taskId, error: e instanceof Error ? e.message : String(e) });
    }
  }

  private need(): TeamCoreParts {
    if (!this.parts) throw new Error('the team session is not bound to a core');
    return this.parts;
  }
}
