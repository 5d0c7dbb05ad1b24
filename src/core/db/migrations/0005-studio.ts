/**
 * Migration 0005: iterating like a studio (issue 17).
 *
 * - `batches`: one row per ×N / several-models submission. `request_json` holds the operation, values,
 *   extra, models and count, so a batch whose process died before every member was sent can send the
 *   missing ones after a restart (a member that has no task row was never sent: sending it then is still
 *   at most once). `tasks.batch_id` + `tasks.batch_index` name each member; the task id of member i is
 *   `<batch id>_<i>`, so a member can never be created twice.
 * - `tasks.rejected`: hidden from the gallery by "Reject others" in Compare, restorable.
 * - `prompts`: the prompt library (name, text with its `<<<id>>>` tokens, the operation it was saved from).
 * - `studio_settings`: small key/value settings that belong with the history (the daily points budget).
 */
export const MIGRATION_0005_STUDIO = /* sql */ `
ALTER TABLE tasks ADD COLUMN batch_id TEXT;
ALTER TABLE tasks ADD COLUMN rejected INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tasks_batch ON tasks (batch_id, created_at) WHERE batch_id IS NOT NULL;
CREATE INDEX tasks_rejected ON tasks (created_at, id) WHERE rejected = 1;

CREATE TABLE batches (
  id           TEXT    PRIMARY KEY,
  operation_id TEXT    NOT NULL,
  size         INTEGER NOT NULL,
  request_json TEXT    NOT NULL,
  -- 1 while members remain to be created (a restart creates and sends them), 0 once all exist.
  open         INTEGER NOT NULL DEFAULT 1,
  created_at   INTEGER NOT NULL
);
CREATE INDEX batches_created ON batches (created_at);

CREATE TABLE prompts (
  id           TEXT    PRIMARY KEY,
  name         TEXT    NOT NULL,
  text         TEXT    NOT NULL,
  operation_id TEXT,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
CREATE INDEX prompts_updated ON prompts (updated_at);

CREATE TABLE studio_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
