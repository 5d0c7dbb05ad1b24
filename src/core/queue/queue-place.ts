import { z } from 'zod';

/** Why a waiting task is not sent yet: no free slot, a pause, a "not now" refusal's backoff, or the team database not recording the send. */
export const waitReasonSchema = z.enum(['slot', 'paused', 'parallel-refusal', 'rate-refusal', 'ledger']);
export type WaitReason = z.infer<typeof waitReasonSchema>;

/**
 * A task's place in Atelier's own queue (kept in its internal state, so it survives a restart).
 * `rank` orders the waiting tasks of a profile (smaller first); `notBefore` is the end of a backoff after a
 * "not now" refusal (1303, 1302, 429); `refusals` counts those refusals (the backoff grows with them).
 */
export const queuePlaceSchema = z.object({
  rank: z.number().finite(),
  notBefore: z.number().finite().nullable(),
  refusals: z.number().int().nonnegative(),
  reason: waitReasonSchema.nullable(),
});
export type QueuePlace = z.infer<typeof queuePlaceSchema>;

/** Reads a stored place; a damaged one reads as null (the queue puts the task at the end of its line). */
export function readQueuePlace(value: unknown): QueuePlace | null {
  const parsed = queuePlaceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
