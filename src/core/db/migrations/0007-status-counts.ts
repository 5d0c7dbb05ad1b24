/**
 * Migration 0007: the gallery's status counts without walking the history (issue 16, first paint).
 *
 * `task_status_counts` holds how many tasks have each (status, rejected) pair, kept exact by triggers on
 * insert, delete and a change of either column. The first screen's chips, total and running count (the
 * whole library, or with rejected tasks hidden or only) read these few rows instead of counting 100,000.
 * Filters that restrict anything else still count with SQL (see `TaskStore.countsByStatus`).
 */
export const MIGRATION_0007_STATUS_COUNTS = /* sql */ `
CREATE TABLE task_status_counts (
  status   TEXT    NOT NULL,
  rejected INTEGER NOT NULL,
  n        INTEGER NOT NULL,
  PRIMARY KEY (status, rejected)
) WITHOUT ROWID;
INSERT INTO task_status_counts (status, rejected, n)
  SELECT status, rejected, count(*) FROM tasks WHERE true GROUP BY status, rejected;

CREATE TRIGGER task_status_counts_after_insert AFTER INSERT ON tasks BEGIN
  INSERT INTO task_status_counts (status, rejected, n) VALUES (new.status, new.rejected, 1)
    ON CONFLICT (status, rejected) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER task_status_counts_after_delete AFTER DELETE ON tasks BEGIN
  UPDATE task_status_counts SET n = n - 1 WHERE status = old.status AND rejected = old.rejected;
END;
CREATE TRIGGER task_status_counts_after_update AFTER UPDATE OF status, rejected ON tasks
  WHEN old.status IS NOT new.status OR old.rejected IS NOT new.rejected BEGIN
  UPDATE task_status_counts SET n = n - 1 WHERE status = old.status AND rejected = old.rejected;
  INSERT INTO task_status_counts (status, rejected, n) VALUES (new.status, new.rejected, 1)
    ON CONFLICT (status, rejected) DO UPDATE SET n = n + 1;
END;
`;
