/**
 * Migration 0006 (issue 16): `tasks_fts_chars` now indexes every character of a run that holds an
 * unspaced-script character (Latin letters and digits beside Chinese included, see `unspacedChars`), so a
 * short mixed term such as "月a" matches again. The table is emptied here and filled again by the
 * migration's `after` step (`backfillChars`, with the new tokens).
 */
export const MIGRATION_0006_MIXED_CHARS = /* sql */ `
DELETE FROM tasks_fts_chars;
`;
