import { errorMessage } from '../../shared/error-message';
import type { QueryOutcome } from '../gateway/adapter';
import { ADAPTERS } from '../gateway/adapters';
import { readQueryAnswer, readSubmitAnswer, type QueryAnswer, type SubmitAnswer } from '../gateway/answers';
import {
  gatewayRequest,
  GatewayNetworkError,
  type GatewayResponse,
  type GatewayTarget,
  type RequestOptions,
} from '../gateway/http';
import type { HttpClient } from '../http/http-client';
import type { Clock, Logger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';

export interface GatewayClientDeps {
  http: HttpClient;
  clock: Clock;
  log: Logger;
  /** Every gateway answer (HTTP status) or its absence, per profile: feeds the connection's health. */
  onGatewayAnswer?: (profileId: string, answer: number | 'unreachable') => void;
}

/**
 * The engine's gateway: one submission or one status query per call, answered as a typed
 * {@link SubmitAnswer} / {@link QueryAnswer} (the reading is pure, in gateway/answers.ts). Never throws.
 */
export class GatewayClient {
  constructor(private readonly deps: GatewayClientDeps) {}

  async submit(task: TaskRecord, target: GatewayTarget, options: RequestOptions): Promise<SubmitAnswer> {
    try {
      return readSubmitAnswer(task.family, await this.ask(task.profileId, target, options));
    } catch (e) {
      if (e instanceof GatewayNetworkError && !e.maybeSent) return { kind: 'unreached', message: e.message };
      return { kind: 'maybe-sent', message: errorMessage(e) };
    }
  }

  /** The status query of the schedule (its answer feeds the profile's health). */
  async query(task: TaskRecord, target: GatewayTarget, path: string): Promise<QueryAnswer> {
    try {
      return readQueryAnswer(
        task.family,
        await this.ask(task.profileId, target, { method: 'GET', path, timeoutMs: 60_000 }),
      );
    } catch (e) {
      return { kind: 'no-answer', message: errorMessage(e) };
    }
  }

  /**
   * One status query for `task` under gateway id `remoteId`, outside the poll schedule (fresh result URLs, a
   * taskNo a callback names): the answer and its reading, or null when there is no query path, no answer,
   * not a 200, or a body the adapter cannot read.
   */
  async queryOnce(
    task: TaskRecord,
    remoteId: string | null,
    target: GatewayTarget,
    timeoutMs: number,
  ): Promise<{ body: unknown; outcome: QueryOutcome } | null> {
    const adapter = ADAPTERS[task.family];
    const path = remoteId ? adapter.queryPath({ remoteId, submitPath: task.internal.submitPath }) : null;
    if (!path) return null;
    const res = await gatewayRequest(target, { method: 'GET', path, timeoutMs }, this.http()).catch(
      () => null,
    );
    if (!res || res.status !== 200) return null;
    try {
      return { body: res.body, outcome: adapter.parseQuery(res.body) };
    } catch {
      return null;
    }
  }

  private async ask(
    profileId: string,
    target: GatewayTarget,
    options: RequestOptions,
  ): Promise<GatewayResponse> {
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
    return { http: this.deps.http, now: () => this.deps.clock.now(), log: this.deps.log };
  }
}
