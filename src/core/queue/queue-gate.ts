import type { QueueEvent } from '../engine/lifecycle/task-events';
import type { TaskRecord } from '../tasks/task-record';
import type { BusyKind } from './busy-refusal';

/** What the engine gives the queue once both exist. */
export interface QueueEngine {
  /** Sends a waiting task now (it raises `dequeued` first); settles when its answer is handled. */
  dispatch: (id: string) => Promise<void>;
  raise: (id: string, event: QueueEvent) => TaskRecord | null;
}

/** What the engine's submission path asks of the queue (issue 30's gate before the `sending` event). */
export interface QueueGate {
  /** Settles once the queue has read its lines and slots at start: until then it cannot say where a task goes. */
  ready(): Promise<void>;
  /** The rank of a new task at the end of its profile's line. */
  nextRank(profileId: string): number;
  /**
   * A new task of this profile may be sent at once: the queue runs and is not paused, a slot is free and
   * nothing of the profile waits ahead of it. It then starts as `submitting`, never `waiting` (one write less
   * and one preparation less per task); the queue sees it hold its slot from the insert on.
   */
  mayGoNow(profileId: string): boolean;
  /** Sends what may go now. */
  pump(): void;
  /** The send of a task the gate let through, while it is in flight. */
  sending(id: string): Promise<void> | undefined;
  /** The gateway said "not now" to this task (already back to waiting). */
  refused(id: string, profileId: string, kind: BusyKind): void;
}
