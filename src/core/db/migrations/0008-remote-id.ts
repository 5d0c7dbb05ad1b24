/**
 * Migration 0008: tasks by their gateway id. Two lookups need it: a callback's `taskNo` is checked against
 * every other task before an interrupted submission adopts it (`heldBy`), and a video extension finds the
 * task of the video it extends (`taskByRemoteId`). Without an index each walked the whole history (a
 * full scan per call at 100,000 tasks).
 */
export const MIGRATION_0008_REMOTE_ID = /* sql */ `
CREATE INDEX tasks_remote ON tasks (remote_id) WHERE remote_id IS NOT NULL;
`;
