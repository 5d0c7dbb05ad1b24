import { z } from 'zod';

export const themeSchema = z.enum(['light', 'dark', 'system']);
export const languageSchema = z.enum(['en', 'zh-CN']);

/** User preferences. Stored by electron-store in the app, by a JSON file with this schema in web mode. */
export const preferencesSchema = z.object({
  theme: themeSchema.default('system'),
  language: languageSchema.default('en'),
  /** Absolute path of the folder results are saved into; empty = `<dataDir>/library`. */
  libraryDir: z.string().default(''),
  /** Pattern for result file names; tokens: {date} {time} {operation} {model} {prompt} {task} {index}. */
  fileNamePattern: z.string().min(1).default('{date}_{operation}_{prompt}_{index}'),
  /** Global cap on gateway requests in flight (polls + downloads). */
  maxRequestsInFlight: z.number().int().min(1).max(32).default(6),
  /** Cap on submissions in flight at once. */
  maxConcurrentSubmissions: z.number().int().min(1).max(16).default(3),
  notifications: z.boolean().default(false),
  activeProfileId: z.string().default('demo'),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesPatchSchema = preferencesSchema.partial();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;
export const defaultPreferences: Preferences = preferencesSchema.parse({});
