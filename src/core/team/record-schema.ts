import { z } from 'zod';
import { taskDetailSchema } from '../../shared/domain/task';
import { queuePlaceSchema } from '../queue/queue-place';
import type { TaskRecord } from '../tasks/task-record';

const internalSchema = z.object({
  nextPollAt: z.number().nullable(),
  pollCount: z.number(),
  callbackToken: z.string().nullable(),
  baseUrl: z.string(),
  vendor: z.string(),
  submitPath: z.string(),
  pollExpectedMs: z.number().nullable().optional(),
  pollHighMs: z.number().nullable().optional(),
  // A row from a machine that did not record it: taken as possibly on the wire, so it is never resent blindly.
  sendPhase: z.enum(['local', 'wire', 'answered']).default('wire'),
  queue: queuePlaceSchema.nullable().optional(),
});

/** A task record as another machine wrote it into the shared ledger: checked before it enters the cache. */
export const taskRecordSchema = taskDetailSchema.extend({ internal: internalSchema });

export function parseTaskRecord(raw: unknown): TaskRecord {
  return taskRecordSchema.parse(raw);
}

/** Open: some machine still has work to do on it (poll, send, download); closed tasks hold no lease. */
export function isOpen(task: Pick<TaskRecord, 'status' | 'results'>): boolean {
  switch (task.status) {
    // Waiting in its machine's queue: still to be sent, so leased (and taken over if that machine dies).
    case 'waiting':
    case 'submitting':
    case 'queued':
    case 'running':
    case 'downloading':
      return true;
    case 'succeeded':
      return task.results.some((r) => r.state === 'pending' || r.state === 'downloading');
    default:
      return false;
  }
}
