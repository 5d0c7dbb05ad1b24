import { z } from 'zod';
import { operationIdSchema } from '../operations/ids';

/** Why a waiting task is not sent yet (issue 30). */
export const queueWaitReasonSchema = z.enum(['slot', 'paused', 'parallel-refusal', 'rate-refusal', 'ledger']);
export type QueueWaitReason = z.infer<typeof queueWaitReasonSchema>;

/** A task in the queue view: a waiting one with its place in line, or one running at the gateway. */
export const queueTaskSchema = z.object({
  id: z.string(),
  operationId: operationIdSchema,
  model: z.string(),
  prompt: z.string(),
  batchId: z.string().nullable(),
  createdAt: z.number(),
  /** Waiting: 1-based place in its profile's line. Running: null. */
  position: z.number().int().positive().nullable(),
  /** Waiting: ms until it is expected to start (from the estimator), null while paused. Running: ms until it is expected to finish, null without an estimate. */
  etaMs: z.number().nonnegative().nullable(),
  /** Waiting only: why. */
  reason: queueWaitReasonSchema.nullable(),
  /** The end of a "not now" backoff (epoch ms), when one is running. */
  retryAt: z.number().nullable(),
});
export type QueueTask = z.infer<typeof queueTaskSchema>;

export const queueLimitSourceSchema = z.enum(['none', 'user', 'learned']);

/** One gateway profile's slots and lines. */
export const queueProfileSchema = z.object({
  profileId: z.string(),
  profileName: z.string(),
  /** Tasks at the gateway at once; null: unlimited. */
  limit: z.number().int().positive().nullable(),
  limitSource: queueLimitSourceSchema,
  paused: z.boolean(),
  running: z.array(queueTaskSchema),
  waiting: z.array(queueTaskSchema),
});
export type QueueProfile = z.infer<typeof queueProfileSchema>;

export const queueSnapshotSchema = z.object({
  /** The whole queue is paused: no waiting task of any profile is sent. */
  paused: z.boolean(),
  profiles: z.array(queueProfileSchema),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;

const id = z.string().min(1).max(100);

export const queuePauseInputSchema = z.object({ profileId: id.nullable(), paused: z.boolean() }).strict();
export const queueLimitInputSchema = z.object({ profileId: id, limit: z.number().int().min(1).max(1000).nullable() }).strict();
/** Moves a waiting task: `next` (first in line), `last`, or `before` another waiting task (null: the end). */
export const queueMoveInputSchema = z
  .object({ id, to: z.discriminatedUnion('kind', [z.object({ kind: z.literal('next') }), z.object({ kind: z.literal('last') }), z.object({ kind: z.literal('before'), beforeId: id.nullable() })]) })
  .strict();
/** Cancels waiting tasks: one (`id`) or every waiting member of a batch (`batchId`). */
export const queueCancelInputSchema = z.union([z.object({ id }).strict(), z.object({ batchId: id }).strict()]);
export const queueCancelOutputSchema = z.object({ cancelled: z.array(z.string()) });
