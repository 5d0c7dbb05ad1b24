import { randomBytes, randomUUID } from 'node:crypto';
import { BridgeError } from '../../shared/bridge/result';
import type { TaskSummary } from '../../shared/domain/task';
import type { DeclaredParent } from '../../shared/domain/library';
import { errorMessage } from '../../shared/error-message';
import { getOperation } from '../../shared/operations/catalog';
import type { OperationId } from '../../shared/operations/ids';
import { formatIssue } from '../../shared/operations/issues';
import { buildRequest, extraIssue, validateValues, visibleValues } from '../../shared/operations/validate';
import type { QueryOutcome } from '../gateway/adapter';
import type { GatewayTarget, RequestOptions } from '../gateway/http';
import type { TaskRecord } from '../tasks/task-record';
import type { EngineContext } from './engine-context';
import { IdempotentSubmits } from './idempotency';
import { LOG } from './lifecycle/texts';
import type { Limiter } from './limiter';
import { createMediaResolver, type MediaResolver } from './media-resolver';
import { expectedDurations, nextPollDelay } from './poll-schedule';
import { newTaskRecord, withEvent } from './record-factory';
import { backoffMs, busyKind } from '../queue/busy-refusal';

/** How long a task the team database did not record as being sent waits before it is tried again. */
export const UNRECORDED_RETRY_MS = 5_000;
const NOT_RECORDED = 'Not sent: the team database did not confirm in time that this task is being sent, so the gateway never saw it. Try again when the team database answers.';

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

export type SubmissionDeps = EngineContext & {
  /** The cap on submissions in flight. */
  submissions: Limiter;
  /** An outcome the submission's own answer carried (image edits), read like a poll's. */
  inlineOutcome: (id: string, outcome: QueryOutcome, raw: unknown) => Promise<void>;
};

/** What a submission needs once prepared: the task's row (written), the request, where it goes, its media. */
interface Prepared {
  record: TaskRecord;
  wire: ReturnType<typeof buildRequest>;
  target: GatewayTarget;
  media: MediaResolver;
}

/** A new submission (Generate, a batch member, a rerun) or a Send of a task that never left the local queue. */
type Intent = { kind: 'new'; req: SubmitRequest } | { kind: 'send'; task: TaskRecord } | { kind: 'queued'; task: TaskRecord };

/**
 * The one submit path (issue 27): {@link prepare} validates, resolves the profile and its key, the callback
 * URL and the media (a gallery result by the file its task records; links spooled, their temp files removed
 * after the request), writes the row and the estimate; {@link dispatch} sends it under the submission cap
 * and raises what the gateway answered. Generate, batches, rerun and Send all come through here.
 */
export class Submission {
  private readonly intents: IdempotentSubmits<TaskSummary>;

  constructor(private readonly deps: SubmissionDeps) {
    this.intents = new IdempotentSubmits<TaskSummary>(() => deps.clock.now());
  }

  /**
   * Validates again (the renderer already did), writes the task row, then sends. Waits a short while for
   * the gateway's answer so 400/401 reach the form; after that the task goes on in the background.
   */
  submit(req: SubmitRequest): Promise<TaskSummary> {
    return req.idempotencyKey
      ? this.intents.run(req.idempotencyKey, () => this.submitOnce(req))
      : this.submitOnce(req);
  }

  /** Sends a task that never left the local queue (a restart came first): one click, same task, same settings. */
  async send(task: TaskRecord): Promise<TaskSummary> {
    const prepared = await this.prepare({ kind: 'send', task });
    await this.dispatch(prepared).catch(() => undefined);
    return this.deps.writer.summary(this.deps.writer.require(task.id));
  }

  /**
   * Sends a waiting task the queue let through (its gate): `dequeued`, then the same path as any send. A task
   * that cannot be prepared any more (its key was removed) fails here instead of staying half sent.
   */
  async sendQueued(task: TaskRecord): Promise<void> {
    let prepared: Prepared;
    try {
      prepared = await this.prepare({ kind: 'queued', task });
    } catch (e) {
      this.deps.raise(task.id, { type: 'send-failed', message: errorMessage(e) });
      throw e;
    }
    await this.dispatch(prepared);
  }

  private async submitOnce(req: SubmitRequest): Promise<TaskSummary> {
    const prepared = await this.prepare({ kind: 'new', req });
    const { record } = prepared;
    const gate = this.deps.gate;
    let sending: Promise<void>;
    if (gate && record.status === 'waiting') {
      // The row waits in the queue; the gate sends it (when a slot is free, or later) from the row.
      prepared.media.cleanup();
      gate.pump();
      const sent = gate.sending(record.id);
      if (!sent) return this.deps.writer.summary(this.deps.writer.get(record.id) ?? record);
      sending = sent;
    } else sending = this.dispatch(prepared);
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
      if (settled.code === 'gateway_unauthorized' && !req.member) this.forgetRefused(record.id);
      throw settled;
    }
    if (settled !== 'done' && settled !== 'waiting') throw settled;
    sending.catch(() => undefined); // later failures are recorded on the task itself
    const known = this.deps.writer.get(record.id);
    return known ? this.deps.writer.summary(known) : this.deps.writer.summary(record);
  }

  /** Everything before the request goes out, for a new task and for a Send alike. */
  private async prepare(intent: Intent): Promise<Prepared> {
    const { deps } = this;
    const operationId = intent.kind === 'new' ? intent.req.operationId : intent.task.operationId;
    const op = getOperation(operationId);
    if (intent.kind === 'new') assertValid(intent.req);
    const profileId = intent.kind === 'new' ? deps.preferences.read().activeProfileId : intent.task.profileId;
    if (intent.kind === 'queued' && !deps.raise(intent.task.id, { type: 'dequeued' }))
      throw new BridgeError('conflict', 'This task is no longer waiting; it is not sent again.');
    const resolved = await deps.profiles.resolve(profileId);
    if (!resolved.apiKey)
      throw new BridgeError(
        'gateway_unauthorized',
        'No API key is set for this gateway. Add one in Settings.',
      );
    const token =
      intent.kind !== 'new'
        ? intent.task.internal.callbackToken
        : op.family === 'gateway'
          ? randomBytes(18).toString('base64url')
          : null;
    const callbackUrl = token ? await deps.callbackUrlFor(resolved.profile.id, token) : null;
    // Core reads a gallery result only by the file its own task records (never the renderer's path).
    const media = createMediaResolver(
      deps.inputs,
      deps.libraryDir(),
      deps.http.fetch,
      (taskId, index) => deps.store.get(taskId)?.results.find((r) => r.index === index)?.file ?? null,
    );
    try {
      const vendor = intent.kind === 'new' ? resolved.profile.vendor : intent.task.internal.vendor;
      const values = intent.kind === 'new' ? intent.req.values : intent.task.values;
      const extra = intent.kind === 'new' ? intent.req.extra : intent.task.extra;
      const wire = buildRequest(op, values, extra, { vendor, media: (m) => media.asUrl(m), callbackUrl });
      if (intent.kind === 'queued') {
        const record = deps.writer.require(intent.task.id);
        return { record, wire, target: await deps.target(record), media };
      }
      if (intent.kind === 'send') {
        const record = deps.raise(intent.task.id, { type: 'send-requested' });
        if (!record)
          throw new BridgeError('conflict', 'This task may already be at the gateway; it is not sent again.');
        // The same address rules as polling: a demo task goes to the demo gateway where it runs now, and the
        // key only to its profile's origin.
        return { record, wire, target: await deps.target(record), media };
      }
      const { req } = intent;
      // Right after a start the queue may still be reading its lines: a new task waits for it to know them.
      await deps.gate?.ready();
      const now = deps.clock.now();
      const visible = visibleValues(op, values, vendor);
      const record = newTaskRecord({
        id: req.member?.taskId ?? randomUUID(),
        op,
        values: visible,
        extra,
        profileId: resolved.profile.id,
        demo: resolved.profile.demo,
        now,
        baseUrl: resolved.baseUrl,
        vendor,
        submitPath: wire.path,
        callbackToken: callbackUrl ? token : null,
        ...expectedDurations(deps.estimator, resolved.profile.id, op.id, visible),
        batchId: req.member?.batchId ?? null,
      });
      record.events = withEvent(record, LOG.waiting, now);
      // Team mode queues first while the database is away: a task whose reservation must wait for it waits in
      // the line (parked, see OfflineReservations), which only a `waiting` task can. With the database there, a
      // free slot sends at once after the reservation (one write and one preparation fewer than the line).
      if (deps.gate && ((deps.team && !deps.team.reachable()) || !deps.gate.mayGoNow(resolved.profile.id))) {
        record.status = 'waiting';
        record.internal.queue = { rank: deps.gate.nextRank(resolved.profile.id), notBefore: null, refusals: 0, reason: null };
      }
      deps.writer.insert(record);
      deps.hooks?.submitted(record, req);
      if (record.internal.callbackToken) deps.callbackTokens.set(record.internal.callbackToken, record.id);
      if (deps.team) {
        // Team mode: the ledger reserves the points and records the task before anything is sent, or nothing is.
        try {
          await deps.team.reserve(record, req.boardId ?? null);
        } catch (e) {
          this.forgetRefused(record.id);
          throw e;
        }
      }
      const target = {
        baseUrl: resolved.baseUrl,
        apiKey: resolved.apiKey,
        vendor,
        gatewayAuthHeader: resolved.profile.gatewayAuthHeader,
      };
      return { record, wire, target, media };
    } catch (e) {
      media.cleanup();
      throw e;
    }
  }

  /** Sends a prepared task under the submission cap; its media's temp files go when the request is done. */
  private dispatch(p: Prepared): Promise<void> {
    return this.deps.track(
      this.deps.submissions.run(() => this.exchange(p).finally(() => p.media.cleanup())),
    );
  }

  private async exchange({ record, wire, target, media }: Prepared): Promise<void> {
    const { deps } = this;
    const id = record.id;
    let body: NonNullable<RequestOptions['body']>;
    try {
      if (wire.body.type === 'json') body = { json: wire.body.json };
      else {
        const files = [];
        for (const part of wire.body.files) files.push(await media.asFile(part.name, part.media));
        body = { multipart: { fields: [...wire.body.fields], files } };
      }
    } catch (e) {
      const message = errorMessage(e);
      deps.raise(id, { type: 'send-failed', message });
      throw e instanceof BridgeError ? e : new BridgeError('invalid_input', message);
    }
    // From here on the gateway may have the task: recorded before the request goes out, never sent twice.
    if (!deps.raise(id, { type: 'sending' }))
      throw new BridgeError('conflict', 'This task was already sent.');
    // Team mode: the ledger says "maybe sent" before the gateway may have it (no other machine sends it again).
    // Not recorded (the database is away or does not answer, or another machine holds the task now): a machine
    // taking the task over would find it not sent and send it too, so it does not go out from here now.
    if (deps.team && !(await deps.team.sendRecorded(id))) return this.notRecorded(id);
    const answer = await deps.gateway.submit(record, target, {
      method: 'POST',
      path: wire.path,
      body,
      timeoutMs: record.family === 'imageEdit' ? 15 * 60_000 : 120_000,
    });
    switch (answer.kind) {
      case 'unreached': {
        const reason = deps.scrub(answer.message, target);
        deps.raise(id, {
          type: 'send-failed',
          message: `Could not reach the gateway (${reason}); nothing was sent.`,
        });
        throw new BridgeError('gateway_unreachable', `Could not reach the gateway (${reason}).`);
      }
      case 'maybe-sent':
        deps.raise(id, { type: 'maybe-sent', cause: 'connection', message: answer.message });
        return;
      case 'refused': {
        const busy = deps.gate ? busyKind(answer) : null;
        if (busy && deps.gate) {
          // "Not now" (1303, 1302, 429): nothing was created or spent; the task waits again, with a backoff.
          const refusals = (deps.writer.get(id)?.internal.queue?.refusals ?? 0) + 1;
          const until = deps.clock.now() + backoffMs(busy, refusals, answer.retryAfterMs);
          deps.raise(id, { type: 'deferred', kind: busy, message: deps.scrub(answer.message, target), raw: answer.raw, until });
          deps.gate.refused(id, record.profileId, busy);
          return;
        }
        // An error body may echo the request's credentials back; it is stored and shown, so it is scrubbed too.
        deps.raise(id, { type: 'refused', message: deps.scrub(answer.message, target), raw: answer.raw });
        throw new BridgeError(answer.code, deps.scrub(answer.formMessage, target));
      }
      case 'inline':
        await deps.inlineOutcome(id, answer.outcome, answer.raw);
        return;
      case 'no-id':
        deps.raise(id, { type: 'accepted-without-id', raw: answer.raw, quoted: answer.raw });
        return;
      case 'accepted': {
        const delay = nextPollDelay(
          {
            output: getOperation(record.operationId).output,
            pollCount: 0,
            serverHintMs: answer.retryAfterMs,
            callbackExpected: !!record.internal.callbackToken,
            expectedMs: record.internal.pollExpectedMs,
            highMs: record.internal.pollHighMs ?? null,
            elapsedMs: 0,
          },
          deps.tuning,
        );
        // Unknown duration: an early first poll (the answer may say more); known: near the expected finish.
        const first = record.internal.pollExpectedMs ? delay : Math.min(delay, deps.tuning.pollBaseMs);
        deps.raise(id, {
          type: 'accepted',
          remoteId: answer.remoteId,
          raw: answer.raw,
          firstPollAt: deps.clock.now() + first,
        });
        deps.wake();
      }
    }
  }

  /** The ledger did not record the send: the task waits in the line again, or fails where there is no line. */
  private notRecorded(id: string): void {
    if (this.deps.gate) {
      this.deps.raise(id, { type: 'send-unrecorded', until: this.deps.clock.now() + UNRECORDED_RETRY_MS });
      return;
    }
    this.deps.raise(id, { type: 'send-failed', message: NOT_RECORDED });
    throw new BridgeError('gateway_unreachable', NOT_RECORDED);
  }

  /** Removes a submission the gateway refused outright (401/403) while the form was still waiting for it. */
  private forgetRefused(id: string): void {
    const token = this.deps.writer.get(id)?.internal.callbackToken;
    if (token) this.deps.callbackTokens.delete(token);
    this.deps.writer.remove(id);
  }
}

/** The request's values and extra fields as core checks them (the renderer checked them too). */
function assertValid(req: SubmitRequest): void {
  const op = getOperation(req.operationId);
  const issues = validateValues(op, req.values);
  const extraProblem = extraIssue(op, req.extra); // protected names, and names the form itself defines
  if (extraProblem) issues.extra = extraProblem;
  const names = Object.keys(issues);
  if (!names.length) return;
  const fields = Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, formatIssue(v)]));
  throw new BridgeError('invalid_input', `Please check: ${names.join(', ')}.`, fields);
}
