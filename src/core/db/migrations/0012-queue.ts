/**
 * Migration 0012: Atelier's own queue (issue 30). One row per gateway profile, plus `*` for the whole queue:
 * its slot limit (NULL: unlimited), where the limit came from (`user` in Settings, `learned` from a
 * parallel-limit refusal), whether the user was told about a learned limit, and the pause. Waiting tasks
 * themselves are rows of `tasks` with status `waiting` (their place is in `internal_json`).
 */
export const MIGRATION_0012_QUEUE = /* sql */ `
CREATE TABLE queue_profiles (
  profile_id TEXT PRIMARY KEY,
  slot_limit INTEGER CHECK (slot_limit IS NULL OR slot_limit > 0),
  limit_source TEXT NOT NULL DEFAULT 'none' CHECK (limit_source IN ('none', 'user', 'learned')),
  told INTEGER NOT NULL DEFAULT 0,
  paused INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL DEFAULT 0
);
`;
