import { z } from 'zod';
import { provenanceSchema } from '../../shared/domain/library';
import { DAMAGE_REASONS } from './damaged';

/** What the settings worker is given, and what it answers (checked on both sides: a thread is an edge). */
export const workerJobSchema = z.object({ path: z.string().min(1) });

export const workerOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('found'), provenance: provenanceSchema }),
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('damaged'),
    reason: z.enum(DAMAGE_REASONS),
  }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type WorkerOutcome = z.infer<typeof workerOutcomeSchema>;
