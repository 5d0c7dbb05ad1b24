import { errorMessage } from '../../shared/error-message';
import { randomUUID } from 'node:crypto';
import type Database from 'libsql';
import { z } from 'zod';
import { BridgeError } from '../../shared/bridge/result';
import type { TaskSummary } from '../../shared/domain/task';
import { operationIdSchema, type OperationId } from '../../shared/operations/ids';
import type { TaskStore } from '../db/task-store';
import type { SubmitRequest } from '../engine/task-engine';
import type { Logger } from '../ports';
import { toSummary } from '../tasks/task-record';

/** What a batch asks for: N submissions of the same values on each of the given models. */
export interface BatchRequest {
  operationId: OperationId;
  values: Record<string, unknown>;
  extra: Record<string, unknown>;
  /** 1–8 submissions per model. */
  count: number;
  /** Several models of the operation (one task per model and count); null: the model in `values`. */
  models: string[] | null;
  /** The board (project) every member goes on; null or absent: none. */
  boardId?: string | null;
}

const storedRequestSchema = z.object({
  operationId: operationIdSchema,
  values: z.record(z.string(), z.unknown()),
  extra: z.record(z.string(), z.unknown()),
  count: z.number().int().min(1).max(8),
  models: z.array(z.string()).nullable(),
  // Batches kept before boards travelled with them name none.
  boardId: z.string().nullable().default(null),
});

/** The task id of member `index` of a batch: fixed, so a member can never be created (and sent) twice. */
export const memberId = (batchId: string, index: number): string => `${batchId}_${index}`;

/** Member i of a batch: which model it runs on (models vary slowest, so a 3-model ×2 batch is a,a,b,b,c,c). */
function memberRequest(req: BatchRequest, index: number, batchId: string): SubmitRequest {
  const model = req.models ? req.models[Math.floor(index / req.count)] : undefined;
  return {
    operationId: req.operationId,
    values: model === undefined ? req.values : { ...req.values, model },
    extra: req.extra,
    boardId: req.boardId ?? null,
    member: { taskId: memberId(batchId, index), batchId },
  };
}

export interface BatchDeps {
  db: Database.Database;
  store: TaskStore;
  submit: (req: SubmitRequest) => Promise<TaskSummary>;
  now: () => number;
  log: Logger;
}

/**
 * ×N and several-models submissions as one batch. The batch row (with the whole request) is written before
 * any member; members are then created one after another, each with its fixed id. A restart finishes an
 * open batch by creating the members that do not exist yet and were not deleted: those were never sent, so
 * each member reaches the gateway at most once (a member that was being sent when the process died becomes
 * `unknown`, like any interrupted submission, and is never resent; a member the user deleted is remembered
 * while its batch is open, see `deleteMember`).
 */
export class BatchService {
  #stopped = false;
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly deps: BatchDeps) {}

  /** Creates the batch and sends its first member now (so a 400/401 reaches the form); the rest follow in the background. */
  async submit(req: BatchRequest): Promise<{ batchId: string; first: TaskSummary }> {
    const size = req.count * (req.models?.length ?? 1);
    if (req.models && new Set(req.models).size !== req.models.length) throw new BridgeError('invalid_input', 'Each model can be chosen once.');
    const batchId = randomUUID();
    this.deps.db
      .prepare('INSERT INTO batches (id, operation_id, size, request_json, open, created_at) VALUES (?, ?, ?, ?, 1, ?)')
      .run(batchId, req.operationId, size, JSON.stringify(req), this.deps.now());
    let first: TaskSummary;
    try {
      first = await this.deps.submit(memberRequest(req, 0, batchId));
    } catch (e) {
      // The first member was refused before it was sent (bad values, no key, gateway unreachable): the
      // others would be too. Close the batch at the members that exist.
      this.#close(batchId, this.deps.store.get(memberId(batchId, 0)) ? 1 : 0);
      throw e;
    }
    this.#continue(batchId, req, size);
    return { batchId, first };
  }

  /** After a restart (the engine already started): finishes every batch that still has members to create. */
  resume(): void {
    const open = this.deps.db.prepare('SELECT id, size, request_json FROM batches WHERE open = 1').all() as { id: string; size: number; request_json: string }[];
    for (const row of open) {
      let parsed: BatchRequest;
      try {
        parsed = storedRequestSchema.parse(JSON.parse(row.request_json));
      } catch {
        this.deps.log.warn('batch request unreadable; closing it', { batchId: row.id });
        this.#close(row.id, null);
        continue;
      }
      this.#continue(row.id, parsed, row.size);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.allSettled([...this.#running]);
  }

  /** The batch's members, in member order. */
  members(batchId: string): TaskSummary[] {
    const page = this.deps.store.list({ batchId, sort: 'oldest' }, null, 100);
    return page.items.map(toSummary).sort((a, b) => memberIndex(a.id) - memberIndex(b.id));
  }

  /** The most recent batches with their members (the gallery's batch groups). */
  recent(limit: number): { id: string; operationId: string; size: number; createdAt: number; members: TaskSummary[] }[] {
    const rows = this.deps.db.prepare('SELECT id, operation_id, size, created_at FROM batches ORDER BY created_at DESC LIMIT ?').all(limit) as {
      id: string;
      operation_id: string;
      size: number;
      created_at: number;
    }[];
    return rows
      .map((r) => ({ id: r.id, operationId: r.operation_id, size: r.size, createdAt: r.created_at, members: this.members(r.id) }))
      .filter((b) => b.members.length > 0);
  }

  /**
   * Deletes a member's row (`remove`) and, while its batch is still open, remembers that it was deleted, in
   * one transaction: without that, a member that was sent and then deleted would have no row after a
   * restart, look never created, and be created and sent (paid for) again. Reruns added to a batch
   * (`<batch>_r…`) are not numbered members and are simply removed.
   */
  deleteMember(taskId: string, batchId: string, remove: () => void): void {
    const index = numberedIndex(taskId, batchId);
    this.deps.store.transaction(() => {
      if (index !== null)
        this.deps.db
          .prepare('INSERT OR IGNORE INTO batch_deleted_members (batch_id, member_index) SELECT id, ? FROM batches WHERE id = ? AND open = 1')
          .run(index, batchId);
      remove();
    });
  }

  /** Forgets a finished batch whose members were all deleted (an open one still has members to create). */
  forgetIfEmpty(batchId: string): void {
    if (this.members(batchId).length === 0) this.deps.db.prepare('DELETE FROM batches WHERE id = ? AND open = 0').run(batchId);
  }

  #deleted(batchId: string, index: number): boolean {
    return this.deps.db.prepare('SELECT 1 FROM batch_deleted_members WHERE batch_id = ? AND member_index = ?').get(batchId, index) !== undefined;
  }

  #continue(batchId: string, req: BatchRequest, size: number): void {
    const work = (async () => {
      for (let i = 0; i < size; i++) {
        if (this.#stopped) return;
        if (this.deps.store.get(memberId(batchId, i)) || this.#deleted(batchId, i)) continue;
        try {
          await this.deps.submit(memberRequest(req, i, batchId));
        } catch (e) {
          // Recorded on the member itself when it has a row; otherwise (refused before a row) logged.
          this.deps.log.warn('batch member not submitted', { batchId, index: i, error: errorMessage(e) });
        }
      }
      if (!this.#stopped) this.#close(batchId, null);
    })();
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work));
  }

  /** Closed: every member exists or was deleted, so nothing is created any more and deletions need no memory. */
  #close(batchId: string, size: number | null): void {
    this.deps.store.transaction(() => {
      if (size === null) this.deps.db.prepare('UPDATE batches SET open = 0 WHERE id = ?').run(batchId);
      else this.deps.db.prepare('UPDATE batches SET open = 0, size = ? WHERE id = ?').run(size, batchId);
      this.deps.db.prepare('DELETE FROM batch_deleted_members WHERE batch_id = ?').run(batchId);
    });
    this.forgetIfEmpty(batchId);
  }
}

/** The index of a numbered member `<batch>_<i>`; null for anything else (a rerun added to the batch). */
function numberedIndex(taskId: string, batchId: string): number | null {
  const rest = taskId.startsWith(`${batchId}_`) ? taskId.slice(batchId.length + 1) : '';
  return /^\d{1,4}$/.test(rest) ? Number(rest) : null;
}

/** Numbered members first, in order; reruns added to the batch after them. */
const memberIndex = (id: string): number => {
  const rest = id.slice(id.lastIndexOf('_') + 1);
  return /^\d+$/.test(rest) ? Number(rest) : Number.MAX_SAFE_INTEGER;
};
