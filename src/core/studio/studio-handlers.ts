import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../shared/bridge/contract';
import type { Logger } from '../ports';
import type { TaskStore } from '../db/task-store';
import type { TaskEngine } from '../engine/task-engine';
import type { TaskWriter } from '../engine/task-writer';
import { BatchService } from '../batches/batch-service';
import { StudioStore } from './studio-store';

type StudioMethods =
  | 'submitBatch'
  | 'rerunTask'
  | 'listBatches'
  | 'setRejected'
  | 'getLedger'
  | 'setDailyBudget'
  | 'recentPrompts'
  | 'listPrompts'
  | 'savePrompt'
  | 'deletePrompt';

/** Issue 17's bridge methods (batches, rerun, rejects, ledger and budget, prompt history and library), kept out of create-core. */
export function createStudio(deps: { store: TaskStore; engine: TaskEngine; writer: TaskWriter; now: () => number; log: Logger }) {
  const studio = new StudioStore(deps.store.db, deps.now);
  const batches = new BatchService({ db: deps.store.db, store: deps.store, submit: (r) => deps.engine.submit(r), now: deps.now, log: deps.log });
  const handlers: Pick<Handlers, StudioMethods> = {
    submitBatch: async ({ operationId, values, extra, count, models, boardId }) => batches.submit({ operationId, values, extra, count, models, boardId: boardId ?? null }),
    rerunTask: async ({ id, intoBatch }) => {
      const task = deps.engine.require(id);
      const member = intoBatch && task.batchId ? { taskId: `${task.batchId}_r${randomUUID().slice(0, 8)}`, batchId: task.batchId } : undefined;
      // The lineage names what this run repeats (its settings' source), like any other parent.
      const parents = [{ taskId: task.id, kind: 'reruns' as const, index: null }];
      return deps.engine.submit({ operationId: task.operationId, values: task.values, extra: task.extra, parents, ...(member ? { member } : {}) });
    },
    listBatches: async ({ limit }) => batches.recent(limit),
    setRejected: async ({ ids, rejected }) => {
      for (const taskId of ids) deps.writer.mark(taskId, { rejected });
      return { ok: true as const };
    },
    getLedger: async () => studio.ledger(),
    setDailyBudget: async ({ points }) => {
      studio.setDailyBudget(points);
      return studio.ledger();
    },
    recentPrompts: async ({ operationId, limit }) => studio.recentPrompts(operationId, limit),
    listPrompts: async ({ search }) => studio.listPrompts(search),
    savePrompt: async (input) => studio.savePrompt(input),
    deletePrompt: async ({ id }) => {
      studio.deletePrompt(id);
      return { ok: true as const };
    },
  };
  return {
    handlers,
    batches,
    /**
     * Removes a task's row (`remove`). A batch member stays deleted across restarts (see
     * BatchService.deleteMember); a finished batch with no member left disappears.
     */
    deleteTask(task: { id: string; batchId: string | null }, remove: () => void): void {
      if (!task.batchId) return remove();
      batches.deleteMember(task.id, task.batchId, remove);
      batches.forgetIfEmpty(task.batchId);
    },
  };
}
