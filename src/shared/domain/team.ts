import { z } from 'zod';

/**
 * Settings → Team: the shapes the bridge checks, also used by the form for messages at the field. Each
 * message is a stable code (`team.errors.<code>` in the renderer's strings), never English shown as is.
 */

const hasControl = (s: string): boolean => /\p{Cc}/u.test(s);

const postgresUrl = z
  .string()
  .trim()
  .min(1, 'postgresUrlMissing')
  .max(2048, 'tooLong')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'postgresUrlInvalid');

/** `s3://bucket` or `s3://bucket/prefix`: bucket 3–63 lower-case letters, digits, dots and dashes. */
const s3Url = z
  .string()
  .trim()
  .min(1, 'mediaMissing')
  .max(400, 'tooLong')
  .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/, 's3UrlInvalid');

const endpoint = z
  .string()
  .trim()
  .max(400, 'tooLong')
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(s), 'endpointInvalid');

/** An absolute folder: `/srv/media`, `C:\media` or a network share `\\nas\media`. */
const folderPath = z
  .string()
  .trim()
  .min(1, 'mediaMissing')
  .max(4096, 'tooLong')
  .refine((s) => !hasControl(s) && (s.startsWith('/') || /^[A-Za-z]:[\\/]/.test(s) || s.startsWith('\\\\')), 'folderNotAbsolute');

/** A credential typed in the form; empty: keep the one already stored. */
const credential = z.string().max(4096, 'tooLong').refine((s) => !hasControl(s), 'controlCharacters').default('');

export const teamMediaInputSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('s3'),
      url: s3Url,
      endpoint: endpoint.default(''),
      region: z.string().trim().max(64, 'tooLong').regex(/^[a-z0-9-]*$/, 'regionInvalid').default(''),
      accessKeyId: credential,
      secretAccessKey: credential,
    })
    .strict(),
  z.object({ kind: z.literal('folder'), path: folderPath }).strict(),
]);

export const memberNameSchema = z
  .string()
  .trim()
  .min(1, 'memberMissing')
  .max(60, 'memberTooLong')
  .refine((s) => !hasControl(s), 'controlCharacters');

/** What Join and Test connection take. Passwords and secrets go to the secret store, never anywhere else. */
export const teamJoinInputSchema = z
  .object({
    postgresUrl,
    /** The database password (also accepted inside the URL); empty: keep the stored one. */
    postgresPassword: credential,
    media: teamMediaInputSchema,
    member: memberNameSchema,
  })
  .strict();
export type TeamJoinInput = z.input<typeof teamJoinInputSchema>;

/** The saved media location, without its credentials. */
export const teamMediaSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('s3'), url: z.string(), endpoint: z.string(), region: z.string() }),
  z.object({ kind: z.literal('folder'), path: z.string() }),
]);
export type TeamMedia = z.infer<typeof teamMediaSchema>;

export const teamStateSchema = z.object({
  /** This machine has joined a team (its settings are saved). */
  joined: z.boolean(),
  /** This run works in the team (joined before it started). */
  active: z.boolean(),
  member: z.string().nullable(),
  /** The database address without its password. */
  postgresUrl: z.string().nullable(),
  media: teamMediaSchema.nullable(),
  /** Which credentials are stored (shown as "set", never sent back). */
  secrets: z.object({ postgresPassword: z.boolean(), s3AccessKeyId: z.boolean(), s3SecretAccessKey: z.boolean() }),
  /** The live feed of this run: null in solo mode. */
  feed: z.enum(['connecting', 'live', 'offline']).nullable(),
  /** What was joined or left takes effect when Atelier starts again. */
  restartNeeded: z.boolean(),
  /** Joined, but this start could not reach the team (this run is on its own): the reason. */
  startError: z.string().nullable(),
  /** Bytes of teammates' results cached on this machine now (null in solo mode); the cap is a preference. */
  cacheUsedBytes: z.number().nonnegative().nullable().default(null),
});
export type TeamState = z.infer<typeof teamStateSchema>;

export const teamCheckSchema = z.enum(['ok', 'unreachable', 'refused', 'notFound', 'failed']);
export const teamTestSchema = z.object({
  ok: z.boolean(),
  database: teamCheckSchema,
  /** The database already holds a team (its schema), or join will set it up. */
  databaseReady: z.boolean(),
  media: teamCheckSchema,
  /** The server's own words for a failure (shown small, under the translated sentence). */
  detail: z.string().nullable(),
});
export type TeamTest = z.infer<typeof teamTestSchema>;

/** Points per member, day (UTC) and board: the team's ledger view. */
export const teamSpendRowSchema = z.object({
  member: z.string(),
  day: z.string(),
  boardId: z.string().nullable(),
  points: z.number(),
  tasks: z.number().int(),
});
export const teamSpendSchema = z.object({
  rows: z.array(teamSpendRowSchema),
  /** Board names this machine knows, by id (boards made elsewhere may be missing). */
  boards: z.record(z.string(), z.string()),
});
export type TeamSpend = z.infer<typeof teamSpendSchema>;
export type TeamSpendRow = z.infer<typeof teamSpendRowSchema>;

export const shareProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  skipped: z.number().int(),
  state: z.enum(['running', 'done', 'failed', 'stopped']),
  error: z.string().nullable(),
});
export type ShareProgressEvent = z.infer<typeof shareProgressSchema>;
