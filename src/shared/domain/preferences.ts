import { z } from 'zod';

export const themeSchema = z.enum(['light', 'dark', 'system']);
export const languageSchema = z.enum(['en', 'zh-CN']);

/** Each preference's type and bounds, without defaults (the patch schema must not invent values). */
const fields = {
  theme: themeSchema,
  language: languageSchema,
  /** Absolute path of the folder results are saved into; empty = `<dataDir>/library`. */
  libraryDir: z.string().max(4096),
  /** Pattern for result file names; tokens: {date} {time} {operation} {model} {prompt} {task} {index}. */
  fileNamePattern: z.string().trim().min(1).max(200),
  /** Global cap on gateway requests in flight (polls + downloads). */
  maxRequestsInFlight: z.number().int().min(1).max(32),
  /** Cap on submissions in flight at once. */
  maxConcurrentSubmissions: z.number().int().min(1).max(16),
  notifications: z.boolean(),
  activeProfileId: z.string().max(64),
  /** Team mode: the most of teammates' results this machine keeps (GiB); the least recently viewed go first. */
  teamCacheGiB: z.number().min(0.5).max(1024),
};

/** User preferences. Stored by electron-store in the app, by a JSON file with this schema in web mode. */
export const preferencesSchema = z.object({
  theme: fields.theme.default('system'),
  language: fields.language.default('en'),
  libraryDir: fields.libraryDir.default(''),
  fileNamePattern: fields.fileNamePattern.default('{date}_{operation}_{prompt}_{index}'),
  maxRequestsInFlight: fields.maxRequestsInFlight.default(6),
  maxConcurrentSubmissions: fields.maxConcurrentSubmissions.default(3),
  notifications: fields.notifications.default(false),
  activeProfileId: fields.activeProfileId.default('demo'),
  teamCacheGiB: fields.teamCacheGiB.default(2),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * What `updatePreferences` accepts: any subset, with no defaults (Zod 4 applies `.default()` even inside
 * `.partial()`, which turned every patch into a reset of all other preferences). The active profile is
 * changed through `selectProfile`, which checks the profile exists, so it is not patchable here.
 */
export const preferencesPatchSchema = z.object(fields).omit({ activeProfileId: true }).partial();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;
export const defaultPreferences: Preferences = preferencesSchema.parse({});
