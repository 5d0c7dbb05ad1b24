import type Database from 'libsql';
import { unspacedChars } from '../search-plan';

/**
 * Migration 0003: indexes that keep search and start flat up to 100,000 tasks (issue 16).
 *
 * - `tasks_fts` again, with prefix indexes of 1-3 characters, so a short prefix ("l", "li") is one term
 *   lookup instead of a merge of every word that starts with it.
 * - `tasks_fts_chars`: each character of unspaced scripts (Chinese, Japanese…) as its own token, in the
 *   order written (a non-CJK token between runs), so a one- or two-character term is an FTS phrase query
 *   instead of a LIKE over every prompt. Filled by the task store (the tokens are made in JS, see
 *   `unspacedChars`), emptied by trigger.
 * - `tasks_seq_status`: rowid → status (+ sort key), so counting the statuses of a search's matches reads a
 *   small covering index, not the wide task rows.
 * - `tasks_resume`: the few rows a restart must act on (see TaskStore.resumeWork), covering that query.
 */
export const MIGRATION_0003_SEARCH_AND_RESUME = /* sql */ `
DROP TABLE tasks_fts;
CREATE VIRTUAL TABLE tasks_fts USING fts5(
  prompt,
  content = 'tasks',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE tasks_fts_chars USING fts5(chars, tokenize = 'unicode61 remove_diacritics 0');
CREATE TRIGGER tasks_fts_chars_after_delete AFTER DELETE ON tasks BEGIN
  DELETE FROM tasks_fts_chars WHERE rowid = old.seq;
END;

CREATE INDEX tasks_seq_status ON tasks (seq, status);

CREATE INDEX tasks_resume ON tasks (created_at, id, status, remote_id, next_poll_at)
WHERE active = 1 AND (status IN ('submitting', 'downloading', 'succeeded') OR (remote_id IS NOT NULL AND next_poll_at IS NULL AND status <> 'stalled'));
`;

/** Fills `tasks_fts_chars` for the tasks that existed before 0003 (runs inside the migration's transaction). */
export function backfillChars(db: Database.Database): void {
  const insert = db.prepare('INSERT INTO tasks_fts_chars (rowid, chars) VALUES (?, ?)');
  for (const row of db.prepare('SELECT seq, prompt FROM tasks').raw().iterate()) {
    if (!Array.isArray(row) || typeof row[0] !== 'number' || typeof row[1] !== 'string') continue;
    const chars = unspacedChars(row[1]);
    if (chars !== null) insert.run(row[0], chars);
  }
}
