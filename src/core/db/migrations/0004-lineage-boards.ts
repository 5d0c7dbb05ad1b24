/**
 * Migration 0004: lineage (which tasks and frames a task was made from), boards (projects), and the origin
 * of staged frame inputs (which task and time a captured frame came from).
 *
 * Append-only once shipped. Kept in its own file so it can be renumbered on merge.
 *
 * `task_parents.kind`: 'input' (a result used as an input), 'frame' (a frame captured from a video result),
 * 'extends', 'edits', 'reruns'. Rows of a deleted task go with it (trigger); a row whose parent was deleted
 * stays, so "made from" can say that the source is gone.
 */
export const MIGRATION_0004_LINEAGE_BOARDS = /* sql */ `
CREATE TABLE task_parents (
  task_id      TEXT    NOT NULL,
  position     INTEGER NOT NULL,
  parent_id    TEXT    NOT NULL,
  kind         TEXT    NOT NULL,
  result_index INTEGER,
  frame_ms     INTEGER,
  field        TEXT,
  PRIMARY KEY (task_id, position)
);
CREATE INDEX task_parents_parent ON task_parents (parent_id);

CREATE TABLE boards (
  id         TEXT    PRIMARY KEY,
  name       TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE board_tasks (
  task_id  TEXT    PRIMARY KEY,
  board_id TEXT    NOT NULL,
  added_at INTEGER NOT NULL
);
CREATE INDEX board_tasks_board ON board_tasks (board_id, task_id);

CREATE TABLE input_origins (
  input_id     TEXT    PRIMARY KEY,
  task_id      TEXT    NOT NULL,
  result_index INTEGER NOT NULL,
  frame_ms     INTEGER NOT NULL
);

CREATE TRIGGER tasks_library_after_delete AFTER DELETE ON tasks BEGIN
  DELETE FROM task_parents WHERE task_id = old.id;
  DELETE FROM board_tasks WHERE task_id = old.id;
END;
`;
