import { z } from 'zod';
import { operationIdSchema } from '../operations/ids';
import { taskSummarySchema } from './task';

/** A batch as the gallery groups it: ×N and/or several models, its members in member order. */
export const batchGroupSchema = z.object({
  id: z.string(),
  operationId: z.string(),
  /** How many members the batch was asked for. */
  size: z.number().int(),
  createdAt: z.number(),
  members: z.array(taskSummarySchema),
});
export type BatchGroup = z.infer<typeof batchGroupSchema>;

/** Points spent, per local day and per batch, and the optional daily budget. */
export const ledgerSchema = z.object({
  days: z.array(z.object({ day: z.string(), points: z.number(), tasks: z.number().int() })),
  batches: z.array(z.object({ batchId: z.string(), operationId: z.string(), points: z.number(), tasks: z.number().int(), createdAt: z.number() })),
  todayPoints: z.number(),
  /** Points per day above which a submission asks for confirmation; null: no budget. */
  dailyBudget: z.number().nullable(),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** A prompt in the library (may contain `<<<id>>>` subject tokens). */
export const savedPromptSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  operationId: operationIdSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;
