import { z } from 'zod';

export const DEMO_PROFILE_ID = 'demo';

/**
 * A gateway profile. It never carries the API key: keys go in through `setProfileKey` and never come back
 * out; `hasKey` says whether one is stored.
 */
export const profileInputSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(80),
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** Fills `<vendor>` in model ids and the vendor family's path prefix (`/<vendor>/v1/…`). */
  vendor: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'letters, digits and dashes only')
    .default('vendora'),
  /** Header carrying the key on the task gateway (`/open/aigw/…`), whose scheme is undocumented. */
  gatewayAuthHeader: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .default('Authorization'),
  callbacks: z
    .object({
      enabled: z.boolean().default(false),
      /** Public URL (a tunnel the user runs) that forwards to the local receiver. */
      publicUrl: z.string().default(''),
      localPort: z.number().int().min(0).max(65535).default(0),
    })
    .default({ enabled: false, publicUrl: '', localPort: 0 }),
  /** How results of this profile remember (absent: embed on, sidecar off) how they were made: metadata inside the file, and a sidecar `.json`. */
  provenance: z.object({ embed: z.boolean().default(true), sidecar: z.boolean().default(false) }).optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = profileInputSchema.extend({
  demo: z.boolean(),
  hasKey: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * What a connection test found, as a kind the UI translates: `ok` (reachable, key accepted), `refused`
 * (401/403: wrong key), `unreachable` (no HTTP answer), `error` (the gateway answered 5xx), `noKey`.
 */
export const connectionOutcomeSchema = z.enum(['ok', 'refused', 'unreachable', 'error', 'noKey']);
export type ConnectionOutcome = z.infer<typeof connectionOutcomeSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  outcome: connectionOutcomeSchema,
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().nonnegative(),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
