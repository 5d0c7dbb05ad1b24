/**
 * Migration 0002: what tasks took and cost, for estimates before a submission (issue 17).
 *
 * `estimate_samples` keeps one row per finished (succeeded) task: profile, operation, model and the
 * variant (the values that change time and price: duration, seconds, size, mode, quality, n, as a JSON
 * array in that order, the same text `variantKey` in core/estimates writes), with its submit→done time and
 * points. A separate table so a deleted task still teaches the estimate. Seeded from the history already
 * in `tasks`. `tasks.expected_ms` is the estimate a task was submitted with (progress, first poll).
 */
export const MIGRATION_0002_ESTIMATES = /* sql */ `
ALTER TABLE tasks ADD COLUMN expected_ms INTEGER;

CREATE TABLE estimate_samples (
  task_id      TEXT    PRIMARY KEY,
  profile_id   TEXT    NOT NULL,
  operation_id TEXT    NOT NULL,
  model        TEXT    NOT NULL,
  variant      TEXT    NOT NULL,
  duration_ms  INTEGER NOT NULL,
  points       REAL,
  at           INTEGER NOT NULL
);
CREATE INDEX estimate_samples_key ON estimate_samples (profile_id, operation_id, model, variant, at);

INSERT OR IGNORE INTO estimate_samples (task_id, profile_id, operation_id, model, variant, duration_ms, points, at)
SELECT id, profile_id, operation_id, model,
       json_array(
         json_extract(values_json, '$.duration'), json_extract(values_json, '$.seconds'),
         json_extract(values_json, '$.size'), json_extract(values_json, '$.mode'),
         json_extract(values_json, '$.quality'), json_extract(values_json, '$.n')
       ),
       finished_at - coalesce(submitted_at, created_at), points, finished_at
FROM tasks
WHERE status = 'succeeded' AND finished_at IS NOT NULL AND json_valid(values_json)
  AND finished_at >= coalesce(submitted_at, created_at);
`;
