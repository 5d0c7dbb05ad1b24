import { z } from 'zod';

export const DEMO_PROFILE_ID = 'demo';

const hasUserinfo = (url: string): boolean => {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True for a plain `http://` base URL to a host other than this machine: the key would cross the network
 * unencrypted. Allowed (local gateways and test rigs use it) but warned about in Settings and the log.
 */
export function isPlainHttpRemote(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && !LOOPBACK_HOSTS.has(u.hostname) && !u.hostname.startsWith('127.');
  } catch {
    return false;
  }
}

/** A gateway base URL: http(s), no `user:password@` (a key never travels in a URL), bounded. */
export const baseUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((u) => !hasUserinfo(u), { message: 'A base URL cannot carry user:password@; put the key in the key field.' });

export const PUBLIC_URL_MESSAGE = 'Enter a full http:// or https:// address (such as https://my-tunnel.example.com), or leave it empty.';

/**
 * True for an absolute http(s) URL with a host that actually parses: what a gateway can call back, and what
 * a download can use ("http://" or "https:// x" would only fail later).
 */
export function isAbsoluteHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The callback public URL: empty, or an absolute http(s) URL without `user:password@` (never `javascript:`, `file:`…). */
export const publicUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((u) => u === '' || isAbsoluteHttpUrl(u), { message: PUBLIC_URL_MESSAGE })
  .refine((u) => !hasUserinfo(u), { message: 'A callback URL cannot carry user:password@.' });

/**
 * A gateway profile. It never carries the API key: keys go in through `setProfileKey` and never come back
 * out; `hasKey` says whether one is stored.
 */
export const profileInputSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(80),
  baseUrl: baseUrlSchema,
  /** Fills `<vendor>` in model ids and the vendor family's path prefix (`/<vendor>/v1/…`). */
  vendor: z
    .string()
    .max(40)
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'letters, digits and dashes only')
    .default('vendora'),
  /** Header carrying the key on the task gateway (`/open/aigw/…`), whose scheme is undocumented. */
  gatewayAuthHeader: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/)
    .default('Authorization'),
  callbacks: z
    .object({
      enabled: z.boolean().default(false),
      /**
       * Public URL (a tunnel the user runs) that forwards to the local receiver, or empty (the receiver's
       * own loopback address). It is sent to the gateway as `callbackUrl`: only an absolute http(s) URL.
       */
      publicUrl: publicUrlSchema.default(''),
      localPort: z.number().int().min(0).max(65535).default(0),
    })
    .default({ enabled: false, publicUrl: '', localPort: 0 }),
  /** How results of this profile remember (absent: embed on, sidecar off) how they were made: metadata inside the file, and a sidecar `.json`. */
  provenance: z.object({ embed: z.boolean().default(true), sidecar: z.boolean().default(false) }).optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/**
 * A profile as read back from disk: one saved before public URLs were checked may hold `javascript:…` or
 * "not a url". That value is cleared (the receiver's own address is used, as when empty) instead of the
 * whole profile being dropped: the user's gateway and key stay.
 */
export const storedProfileSchema = z.preprocess((raw) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const rec = raw as Record<string, unknown>;
  const cb = rec.callbacks;
  if (typeof cb !== 'object' || cb === null || !('publicUrl' in cb)) return raw;
  return publicUrlSchema.safeParse((cb as { publicUrl: unknown }).publicUrl).success ? raw : { ...rec, callbacks: { ...cb, publicUrl: '' } };
}, profileInputSchema);

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
