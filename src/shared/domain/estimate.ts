import { z } from 'zod';

/** A spread of observed values: the median and the range the middle of them fall in. */
export const spreadSchema = z.object({ median: z.number(), low: z.number(), high: z.number() });

/**
 * What a task like this is expected to take and cost on one gateway profile, before it is submitted.
 * `source` says where the figures come from, so the UI can word them honestly: the profile's own history,
 * the gateway's own published figures (the demo gateway knows its timings and prices), durations typical for
 * the model, or nothing yet.
 */
export const estimateSchema = z.object({
  durationMs: spreadSchema.nullable(),
  points: spreadSchema.nullable(),
  /** How many finished tasks of this profile, operation and model the figures are drawn from. */
  samples: z.number().int().nonnegative(),
  source: z.enum(['history', 'gateway', 'typical', 'none']),
});
export type Spread = z.infer<typeof spreadSchema>;
export type Estimate = z.infer<typeof estimateSchema>;
