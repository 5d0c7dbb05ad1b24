import { BridgeError } from '../../shared/bridge/result';
import type { Handlers } from '../../shared/bridge/contract';
import { DEMO_PROFILE_ID } from '../../shared/domain/profile';
import { getOperation } from '../../shared/operations/catalog';
import { visibleValues } from '../../shared/operations/validate';
import { listPage } from '../db/list-page';
import type { TaskStore } from '../db/task-store';
import type { TaskEngine } from '../engine/task-engine';
import type { TaskWriter } from '../engine/task-writer';
import type { SqliteEstimator } from '../estimates/sqlite-estimator';
import type { MediaRootName } from '../media/resolve-media-path';
import type { PreferencesStore } from '../ports';
import type { ProfileService } from '../profiles/profile-service';
import { deleteTaskFiles } from '../tasks/task-files';
import { toDetail, toSummary } from '../tasks/task-record';

type TaskMethods =
  | 'submitTask'
  | 'estimateTask'
  | 'listTasks'
  | 'getTask'
  | 'checkTask'
  | 'retryDownload'
  | 'stopTracking'
  | 'setFavourite'
  | 'deleteTask';

/** Tasks: submit and estimate, the gallery's pages, a task's detail, the user's actions on it. */
export function taskHandlers(deps: {
  engine: TaskEngine;
  writer: TaskWriter;
  store: TaskStore;
  estimator: SqliteEstimator;
  profiles: ProfileService;
  preferences: PreferencesStore;
  roots: () => Record<MediaRootName, string>;
  /** Deletes a task's row through `remove` (a batch member stays deleted across restarts; see createStudio). */
  deleteRow: (task: { id: string; batchId: string | null }, remove: () => void) => void;
}): Pick<Handlers, TaskMethods> {
  const { engine, writer, store } = deps;
  return {
    submitTask: (input) => engine.submit(input),
    estimateTask: async ({ operationId, values }) => {
      const profile = await deps.profiles
        .get(deps.preferences.read().activeProfileId)
        .catch(() => deps.profiles.get(DEMO_PROFILE_ID));
      const visible = visibleValues(getOperation(operationId), values, profile.vendor);
      const model = typeof visible.model === 'string' ? visible.model : '';
      return deps.estimator.estimate({ profileId: profile.id, operationId, model, values: visible });
    },
    listTasks: async ({ filter, cursor, limit }) => {
      const page = listPage(store, filter, cursor, limit);
      return {
        items: page.items.map(toSummary),
        nextCursor: page.nextCursor,
        total: page.total,
        counts: page.counts,
      };
    },
    getTask: async ({ id }) => toDetail(engine.require(id)),
    checkTask: ({ id }) => engine.check(id),
    retryDownload: ({ id }) => engine.retryDownload(id),
    stopTracking: async ({ id }) => engine.stopTracking(id),
    setFavourite: async ({ id, favourite }) => {
      const next = writer.mark(id, { favourite });
      if (!next) throw new BridgeError('not_found', 'This task no longer exists.');
      return toSummary(next);
    },
    deleteTask: async ({ id, deleteFiles }) => {
      const task = engine.require(id);
      if (deleteFiles) await deleteTaskFiles(task, deps.roots());
      deps.deleteRow(task, () => writer.remove(id));
      return { ok: true as const };
    },
  };
}
