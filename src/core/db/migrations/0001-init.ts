/**
 * Migration 0001: the task history.
 *
 * Append-only: once shipped, never edit this text; add `0002-….ts` instead. Kept as a TS string so the
 * main-process bundle needs no `.sql` asset handling.
 *
 * Why `seq INTEGER PRIMARY KEY` next to `id TEXT NOT NULL UNIQUE`: the FTS tables are external-content
 * indexes keyed by the task table's rowid, and `VACUUM` may renumber the implicit rowid of a table that
 * has no INTEGER PRIMARY KEY, which would silently desynchronise the index. `id` stays the logical key
 * (every lookup goes through its UNIQUE index); `seq` is never exposed.
 */
export const MIGRATION_0001_INIT = /* sql */ `
CREATE TABLE tasks (
  seq                    INTEGER PRIMARY KEY,
  id                     TEXT    NOT NULL UNIQUE,
  operation_id           TEXT    NOT NULL,
  family                 TEXT    NOT NULL,
  model                  TEXT    NOT NULL,
  profile_id             TEXT    NOT NULL,
  demo                   INTEGER NOT NULL DEFAULT 0,
  status                 TEXT    NOT NULL,
  raw_status             TEXT,
  remote_id              TEXT,
  prompt                 TEXT    NOT NULL DEFAULT '',
  progress               REAL,
  error                  TEXT,
  points                 REAL,
  favourite              INTEGER NOT NULL DEFAULT 0,
  rate_limited_until     INTEGER,
  created_at             INTEGER NOT NULL,
  submitted_at           INTEGER,
  finished_at            INTEGER,
  updated_at             INTEGER NOT NULL,
  next_poll_at           INTEGER,
  -- Derived on every write from the domain's isTerminal(), so no SQL repeats the list of terminal statuses.
  polling                INTEGER NOT NULL DEFAULT 1,
  -- polling, or succeeded with results still to download: what the engine resumes after a restart.
  active                 INTEGER NOT NULL DEFAULT 1,
  values_json            TEXT    NOT NULL DEFAULT '{}',
  extra_json             TEXT    NOT NULL DEFAULT '{}',
  inputs_json            TEXT    NOT NULL DEFAULT '[]',
  results_json           TEXT    NOT NULL DEFAULT '[]',
  last_raw_response_json TEXT,
  events_json            TEXT    NOT NULL DEFAULT '[]',
  internal_json          TEXT    NOT NULL DEFAULT '{}'
);

-- Gallery order and keyset pagination on (created_at, id); SQLite walks it in either direction.
CREATE INDEX tasks_created   ON tasks (created_at, id);
-- Each gallery filter, with the sort key after it so a filtered page needs no temp b-tree.
CREATE INDEX tasks_status    ON tasks (status, created_at, id);
CREATE INDEX tasks_operation ON tasks (operation_id, created_at, id);
CREATE INDEX tasks_model     ON tasks (model, created_at, id);
CREATE INDEX tasks_favourite ON tasks (created_at, id) WHERE favourite = 1;
-- Scheduler and restart queries only ever touch the (few) open tasks.
CREATE INDEX tasks_due       ON tasks (next_poll_at, id) WHERE polling = 1;
CREATE INDEX tasks_active    ON tasks (created_at, id) WHERE active = 1;

-- Word search: prefix terms, case- and accent-insensitive ("cafe" finds "Café").
CREATE VIRTUAL TABLE tasks_fts USING fts5(
  prompt,
  content = 'tasks',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Substring search for scripts written without spaces (Chinese, Japanese, Thai…), where unicode61 would
-- make a whole sentence one token.
CREATE VIRTUAL TABLE tasks_fts_trigram USING fts5(
  prompt,
  content = 'tasks',
  content_rowid = 'seq',
  tokenize = 'trigram remove_diacritics 1'
);

CREATE TRIGGER tasks_fts_after_insert AFTER INSERT ON tasks BEGIN
  INSERT INTO tasks_fts (rowid, prompt) VALUES (new.seq, new.prompt);
  INSERT INTO tasks_fts_trigram (rowid, prompt) VALUES (new.seq, new.prompt);
END;

CREATE TRIGGER tasks_fts_after_delete AFTER DELETE ON tasks BEGIN
  INSERT INTO tasks_fts (tasks_fts, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
  INSERT INTO tasks_fts_trigram (tasks_fts_trigram, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
END;

-- The store rewrites whole rows (one write path), so "UPDATE OF prompt" fires on every progress tick;
-- the WHEN clause keeps re-indexing to real prompt changes.
CREATE TRIGGER tasks_fts_after_update AFTER UPDATE OF prompt, seq ON tasks
WHEN old.prompt IS NOT new.prompt OR old.seq IS NOT new.seq BEGIN
  INSERT INTO tasks_fts (tasks_fts, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
  INSERT INTO tasks_fts_trigram (tasks_fts_trigram, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
  INSERT INTO tasks_fts (rowid, prompt) VALUES (new.seq, new.prompt);
  INSERT INTO tasks_fts_trigram (rowid, prompt) VALUES (new.seq, new.prompt);
END;
`;
