/** `<<<id>>>` subject tokens in a prompt, without zod (the operation catalog needs them on the first screen). */

/** The longest subject id the gateway accepts. */
export const SUBJECT_ID_MAX = 64;
/** A subject id as the gateway accepts it. */
export const SUBJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const SUBJECT_TOKEN = /<<<([^<>]*)>>>/g;

/** The ids named by `<<<id>>>` tokens, in order of appearance (duplicates kept once). */
export function subjectTokens(prompt: string): string[] {
  const seen = new Set<string>();
  for (const m of prompt.matchAll(SUBJECT_TOKEN)) seen.add(m[1] ?? '');
  return [...seen];
}
