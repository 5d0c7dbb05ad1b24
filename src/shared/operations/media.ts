import { z } from 'zod';
import { SUBJECT_ID_PATTERN, SUBJECT_TOKEN as TOKEN, subjectTokens } from './subject-tokens';

export { SUBJECT_ID_PATTERN, subjectTokens };
import { inputRefSchema } from '../domain/task';

/**
 * A media input as the user gave it: a file they dropped (staged into the app's folder), a link they typed,
 * or a result from the gallery (whose remote URL is still usable by URL-only endpoints).
 */
export const mediaValueSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    input: inputRefSchema,
    /** Audio/video length in seconds, as the renderer read it from the file (for duration limits). */
    durationSec: z.number().nonnegative().max(86_400).optional(),
  }),
  z.object({
    kind: z.literal('url'),
    url: z.string().refine((u) => /^(https?:\/\/|data:)/i.test(u), 'must start with http://, https:// or data:'),
  }),
  z.object({
    kind: z.literal('result'),
    taskId: z.string(),
    index: z.number().int().nonnegative(),
    remoteUrl: z.string().nullable(),
    /** Library-relative file of the result, used when the endpoint takes a file. */
    file: z.string().nullable(),
    mime: z.string().nullable(),
    /** For video extension: the gateway's own id of the source video task. */
    remoteId: z.string().nullable().optional(),
  }),
]);
export type MediaValue = z.infer<typeof mediaValueSchema>;

export const mediaKindSchema = z.enum(['image', 'video', 'audio']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** A subject of the subject-reference prompt: referenced as `<<<id>>>`. */
export const subjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), id: z.string(), media: mediaValueSchema.nullable() }),
  z.object({ kind: z.literal('video'), id: z.string(), media: mediaValueSchema.nullable() }),
  /** A subject pre-created on the gateway; its ElementId is its id. */
  z.object({ kind: z.literal('element'), id: z.string() }),
]);
export type Subject = z.infer<typeof subjectSchema>;

export type PromptPiece = { kind: 'text'; text: string } | { kind: 'token'; id: string; raw: string };

/** Splits a prompt into plain text and `<<<id>>>` tokens, in order (for rendering tokens as chips). */
export function splitSubjectPrompt(prompt: string): PromptPiece[] {
  const pieces: PromptPiece[] = [];
  let last = 0;
  for (const m of prompt.matchAll(TOKEN)) {
    const at = m.index;
    if (at > last) pieces.push({ kind: 'text', text: prompt.slice(last, at) });
    pieces.push({ kind: 'token', id: m[1] ?? '', raw: m[0] });
    last = at + m[0].length;
  }
  if (last < prompt.length) pieces.push({ kind: 'text', text: prompt.slice(last) });
  return pieces;
}

/** Renames every `<<<from>>>` token to `<<<to>>>` (when a subject's id is edited). */
export const renameSubjectToken = (prompt: string, from: string, to: string): string =>
  prompt.split(`<<<${from}>>>`).join(`<<<${to}>>>`);
