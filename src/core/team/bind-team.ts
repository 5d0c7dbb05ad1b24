import type { TaskStore } from '../db/task-store';
import type { Estimator } from '../estimates/estimator';
import type { CoreEvents } from '../events';
import type { NoticeBoard } from '../notices/notice-board';
import type { Clock } from '../ports';
import type { ReplicaWriter } from './cache-applier';
import type { TeamCoreParts, TeamSession } from './team-session';

const OFFLINE =
  'The team database cannot be reached: the gallery shows what this machine has; edits and new tasks wait, and are sent (tasks reserved first) when it is back.';

export interface TeamBinding {
  store: TaskStore;
  writer: ReplicaWriter;
  events: CoreEvents;
  engine: TeamCoreParts['engine'];
  libraryDir: () => string;
  dataDir: string;
  /** Wakes the queue (a task taken over or reserved after an outage is now this machine's to send). */
  pump: () => void;
  clock: Clock;
  estimator: Pick<Estimator, 'estimate'>;
  notices: Pick<NoticeBoard, 'raise' | 'clear'>;
  /** The cap of the cache of other machines' results, in bytes (Settings → Team). */
  cacheCapBytes: () => number;
}

/**
 * Hands the joined team the parts of core it works with (composition root, after the engine is built): the
 * one writer, the engine's download restart, the estimate it reserves (its high end), the offline notice.
 */
export function bindTeam(team: TeamSession, core: TeamBinding): void {
  team.bind({
    store: core.store,
    writer: core.writer,
    events: core.events,
    engine: core.engine,
    libraryDir: core.libraryDir,
    dataDir: core.dataDir,
    pump: core.pump,
    cacheCapBytes: core.cacheCapBytes,
    now: () => core.clock.now(),
    price: (t) =>
      core.estimator.estimate({ profileId: t.profileId, operationId: t.operationId, model: t.model, values: t.values })
        .points?.high ?? null,
    onOffline: (offline) =>
      offline ? core.notices.raise('team-offline', 'team-offline', OFFLINE) : core.notices.clear('team-offline'),
  });
}
