import type { TaskStore } from '../db/task-store';
import type { Estimator } from '../estimates/estimator';
import type { GatewayTarget } from '../gateway/http';
import type { HttpClient } from '../http/http-client';
import type { InputStore } from '../inputs/input-store';
import type { LibraryHooks } from '../library/library-service';
import type { Clock, Logger, PreferencesStore } from '../ports';
import { sameOrigin } from '../profiles/key-origin';
import type { ProfileService } from '../profiles/profile-service';
import type { TaskRecord } from '../tasks/task-record';
import type { QueueGate } from '../queue/queue-gate';
import type { GatewayClient } from './gateway-client';
import type { TaskEvent } from './lifecycle/task-lifecycle';
import type { Limiter } from './limiter';
import type { TaskWriter } from './task-writer';
import type { TeamEngineHooks } from '../team/engine-hooks';
import type { EngineTuning } from './tuning';

/** What the engine is built from (the composition root, create-core.ts, passes these). */
export interface EngineDeps {
  store: TaskStore;
  /** The one writer of task rows (built by the composition root, shared with the bridge's marks). */
  writer: TaskWriter;
  profiles: ProfileService;
  inputs: InputStore;
  preferences: PreferencesStore;
  dataDir: string;
  libraryDir: () => string;
  /** Core's way to the network (production: the system client; tests inject one). */
  http: HttpClient;
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
  /** Team mode: leases (only held tasks are worked) and the reservation before a send. Absent: solo. */
  team?: TeamEngineHooks;
}

/** What the engine's parts (poller, submission, callback intake) share: its deps and the engine's own services. */
export interface EngineContext extends EngineDeps {
  gateway: GatewayClient;
  /** The global cap on gateway requests in flight (polls, URL refreshes). */
  requests: Limiter;
  /** Callback URL token → task id, for every task of this process and every unfinished one before it. */
  callbackTokens: Map<string, string>;
  /** Tells the lifecycle what happened: the transition is written and its effects run. The task after, or null. */
  raise: (id: string, event: TaskEvent) => TaskRecord | null;
  target: (task: TaskRecord) => Promise<GatewayTarget>;
  /** Scrubs a gateway's text of every key core knows and the target's. */
  scrub: (text: string, target: GatewayTarget) => string;
  /** Work `stop` waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Asks for a scheduler pass now. */
  wake: () => void;
}

/**
 * Where a task's requests go: a key only to its profile's origin (a task sent before the profile moved keeps
 * its old base URL, and gets no key there); the demo gateway's tasks follow it to its port after a restart.
 */
export async function targetOf(profiles: ProfileService, task: TaskRecord): Promise<GatewayTarget> {
  const resolved = await profiles.resolve(task.profileId).catch(() => null);
  const baseUrl = task.demo && resolved?.profile.demo ? resolved.baseUrl : task.internal.baseUrl;
  const keyFits = !!resolved && sameOrigin(baseUrl, resolved.baseUrl);
  return {
    baseUrl,
    apiKey: keyFits ? (resolved?.apiKey ?? null) : null,
    vendor: task.internal.vendor,
    gatewayAuthHeader: resolved?.profile.gatewayAuthHeader ?? 'Authorization',
  };
}
