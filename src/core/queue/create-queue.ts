import type Database from 'libsql';
import type { EventPayload, Handlers } from '../../shared/bridge/contract';
import { BridgeError } from '../../shared/bridge/result';
import type { QueueSnapshot } from '../../shared/domain/queue';
import type { TaskEngine } from '../engine/task-engine';
import type { CoreEvents } from '../events';
import type { NoticeBoard } from '../notices/notice-board';
import type { Clock, Logger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';
import { QueueService } from './queue-service';
import { buildSnapshot } from './queue-snapshot';

type QueueMethods = 'getQueue' | 'setQueuePaused' | 'setQueueLimit' | 'moveQueued' | 'cancelQueued';

export interface CreateQueueDeps {
  db: Database.Database;
  get: (id: string) => TaskRecord | null;
  events: CoreEvents;
  notices: NoticeBoard;
  /** Profile id → name, for the view. */
  profileNames: () => Promise<Map<string, string>>;
  clock: Clock;
  log: Logger;
  /** Team mode: whether this machine holds a task's lease (only then does its queue send it). */
  mayWork?: (id: string) => boolean;
}

/** Issue 30's queue, composed: the service, its bridge methods and the `queueChanged` push (coalesced). */
export function createQueue(deps: CreateQueueDeps) {
  let pushTimer: NodeJS.Timeout | null = null;
  let closed = false;
  // Never of a queue still reading its rows at start (a push while it loads waits too): the view is never partial.
  const snapshot = async (): Promise<QueueSnapshot> => {
    await queue.ready();
    return buildSnapshot({ queue, now: () => deps.clock.now(), names: await deps.profileNames().catch(() => new Map<string, string>()) });
  };
  const push = (): void => {
    if (pushTimer || closed) return;
    // Many task changes arrive together (a batch of eight, a thousand tasks finishing): the view needs one
    // snapshot after them, at most five a second, and fewer the longer the queue (a snapshot of a thousand
    // tasks once a second: building it is then the largest cost the queue adds to a task).
    pushTimer = setTimeout(() => {
      pushTimer = null;
      if (closed) return;
      snapshot().then(
        (s) => deps.events.emit('queueChanged', s),
        (e: unknown) => deps.log.warn('queue snapshot failed', { error: e instanceof Error ? e.message : String(e) }),
      );
    }, Math.min(1_000, 200 + queue.size));
    pushTimer.unref?.();
  };
  const queue: QueueService = new QueueService({
    db: deps.db,
    get: deps.get,
    now: () => deps.clock.now(),
    log: deps.log,
    changed: push,
    ...(deps.mayWork ? { mayWork: deps.mayWork } : {}),
    learned: (profileId, limit) =>
      void deps.profileNames().then((names) => {
        const name = names.get(profileId) ?? profileId;
        deps.notices.raise(
          `queue-limit:${profileId}`,
          'queue-limit-learned',
          `${name} refused a task over its parallel limit: Atelier now sends at most ${limit} at once there. Change it in the queue panel.`,
          { profile: name, limit: String(limit) },
        );
      }),
  });
  deps.events.subscribe((event, payload) => {
    if (event === 'taskChanged') queue.observe(payload as EventPayload<'taskChanged'>);
    else if (event === 'taskRemoved') queue.forget((payload as EventPayload<'taskRemoved'>).id);
  });

  // Right after a start the queue may still be reading its rows: each method acts and answers once it knows
  // them all (the renderer asks for the queue after the first screen).
  const handlers: Pick<Handlers, QueueMethods> = {
    getQueue: () => snapshot(),
    setQueuePaused: async ({ profileId, paused }) => {
      await queue.ready();
      queue.setPaused(profileId, paused);
      return snapshot();
    },
    setQueueLimit: async ({ profileId, limit }) => {
      await queue.ready();
      queue.setLimit(profileId, limit);
      return snapshot();
    },
    moveQueued: async ({ id, to }) => {
      await queue.ready();
      if (!queue.move(id, to)) throw new BridgeError('conflict', 'This task is no longer waiting (it was sent or cancelled).');
      return snapshot();
    },
    cancelQueued: async (target) => {
      await queue.ready();
      return { cancelled: queue.cancel(target) };
    },
  };

  return {
    queue,
    handlers,
    attach(engine: TaskEngine): void {
      queue.attach({ dispatch: (id) => engine.sendQueued(id), raise: (id, event) => engine.queueEvent(id, event) });
    },
    /** Reads the queue's rows in the background (see QueueService.start); settles when it knows them all. */
    start(): Promise<void> {
      return queue.start().then(push);
    },
    stop(): void {
      closed = true;
      if (pushTimer) clearTimeout(pushTimer);
      queue.stop();
    },
  };
}
