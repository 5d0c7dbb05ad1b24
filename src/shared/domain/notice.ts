import { z } from 'zod';

/**
 * Something core had to do on the user's behalf that they must know about: a damaged file kept aside, a
 * full disk. `params` carry what the sentence names (the saved copy, the entries) for translation.
 */
export const noticeKindSchema = z.enum([
  'history-recovered',
  'journal-unreadable',
  'store-unreadable',
  'disk-full',
  /** The gateway refused a task over its parallel limit: the profile's slot limit was learned (issue 30). */
  'queue-limit-learned',
  'team-offline',
]);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  /** The English sentence (logs, and the fallback when a translation is missing). */
  message: z.string(),
  params: z.record(z.string(), z.string()),
  at: z.number(),
});
export type Notice = z.infer<typeof noticeSchema>;
