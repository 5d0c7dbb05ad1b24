import { z } from 'zod';
import { familySchema, operationIdSchema } from '../operations/ids';

/**
 * The normalized lifecycle every family maps into (architecture.md, "Task lifecycle").
 * `unknown`: the submission may or may not have reached the gateway, or the gateway reported a status we
 * do not recognise; never resubmitted automatically. `stalled`: the poll horizon passed; can be checked again.
 */
export const taskStatusSchema = z.enum([
  /** In Atelier's own queue: not sent yet, waiting for a slot of its gateway profile (or a pause, a backoff). */
  'waiting',
  'submitting',
  'queued',
  'running',
  'downloading',
  'succeeded',
  'failed',
  'cancelled',
  'unknown',
  'stalled',
]);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export { TERMINAL_STATUSES, isTerminal } from './terminal';

/** A file the user supplied, copied into the app's own folder (content-addressed by sha256). */
export const inputRefSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{64}\.[a-z0-9]{1,5}$/),
  name: z.string().max(260),
  mime: z.string().max(100),
  size: z.number().int().nonnegative(),
});
export type InputRef = z.infer<typeof inputRefSchema>;

export const resultStateSchema = z.enum(['pending', 'downloading', 'done', 'failed']);
export const taskResultSchema = z.object({
  index: z.number().int().nonnegative(),
  kind: z.enum(['image', 'video', 'other']),
  remoteUrl: z.string().nullable(),
  /** Path relative to the library folder once downloaded. */
  file: z.string().nullable(),
  mime: z.string().nullable(),
  bytesReceived: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative().nullable(),
  sha256: z.string().nullable(),
  /** Cached thumbnail, relative to the thumbnails folder (media root `thumbs`), once generated. */
  thumbnail: z.string().nullable().default(null),
  /** While a download restart waits: when the next attempt starts (epoch ms), so the UI can count down. */
  retryAt: z.number().nullable().optional(),
  state: resultStateSchema,
  error: z.string().nullable(),
});
export type TaskResult = z.infer<typeof taskResultSchema>;

export const taskSummarySchema = z.object({
  id: z.string(),
  operationId: operationIdSchema,
  family: familySchema,
  model: z.string(),
  profileId: z.string(),
  demo: z.boolean(),
  status: taskStatusSchema,
  rawStatus: z.string().nullable(),
  remoteId: z.string().nullable(),
  prompt: z.string(),
  /** 0..100 when the gateway reports progress; null otherwise (the UI estimates honestly). */
  progress: z.number().min(0).max(100).nullable(),
  error: z.string().nullable(),
  points: z.number().nullable(),
  favourite: z.boolean(),
  /** Epoch ms until which polling waits because the gateway answered 429. */
  rateLimitedUntil: z.number().nullable(),
  /** How long this task was expected to take when submitted (ms, from the profile's estimator); null: no idea. */
  expectedMs: z.number().nonnegative().nullable().default(null),
  createdAt: z.number(),
  submittedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  updatedAt: z.number(),
  results: z.array(taskResultSchema),
  /** The batch (×N, several models) this task is a member of; null for a single submission. */
  batchId: z.string().nullable(),
  /** Hidden from the gallery by "Reject others" in Compare; restorable. */
  rejected: z.boolean(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const taskDetailSchema = taskSummarySchema.extend({
  values: z.record(z.string(), z.unknown()),
  extra: z.record(z.string(), z.unknown()),
  inputs: z.array(inputRefSchema),
  lastRawResponse: z.unknown(),
  events: z.array(z.object({ at: z.number(), message: z.string() })),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const taskFilterSchema = z.object({
  operationId: operationIdSchema.optional(),
  model: z.string().max(200).optional(),
  statuses: z.array(taskStatusSchema).optional(),
  search: z.string().max(200).optional(),
  favourite: z.boolean().optional(),
  /** Only tasks on this board (a project). */
  boardId: z.string().max(100).optional(),
  since: z.number().optional(),
  until: z.number().optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  /** Rejected tasks: hidden, only them, or (absent) no restriction. */
  rejected: z.enum(['hide', 'only']).optional(),
  /** Only the members of this batch. */
  batchId: z.string().max(100).optional(),
});
export type TaskFilter = z.infer<typeof taskFilterSchema>;
