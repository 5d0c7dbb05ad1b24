import type pg from 'pg';

/**
 * The shared ledger's schema, one numbered step per entry, run at join (like SQLite's, src/core/db/migrate.ts).
 * Append-only: a released step is never edited. Each machine runs the missing ones under an advisory lock, so
 * two members joining at once do not both apply a step.
 */
export const PG_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'ledger',
    sql: `
CREATE TABLE members (
  name       text PRIMARY KEY,
  joined_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE tasks (
  id          text PRIMARY KEY,
  member      text NOT NULL REFERENCES members(name),
  status      text NOT NULL,
  open        boolean NOT NULL,
  record      jsonb NOT NULL,
  board_id    text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  lease_owner text,
  lease_until timestamptz,
  lease_epoch bigint NOT NULL DEFAULT 1,
  -- Result index → sha256 of the file as stored in the media store (the payload's own hash is in the record;
  -- the stored file also carries the provenance written into it).
  media       jsonb NOT NULL DEFAULT '{}',
  -- The machine whose write made the current row: it does not pull its own changes back.
  written_by  text
);
-- What a machine looking for abandoned work scans: open tasks by lease expiry.
CREATE INDEX tasks_open_lease ON tasks (lease_until) WHERE open;
CREATE TABLE budget (
  id         int PRIMARY KEY CHECK (id = 1),
  daily_cap  numeric CHECK (daily_cap IS NULL OR daily_cap >= 0)
);
INSERT INTO budget (id, daily_cap) VALUES (1, NULL);
CREATE TABLE member_caps (
  member     text PRIMARY KEY,
  daily_cap  numeric NOT NULL CHECK (daily_cap >= 0)
);
-- One row per task: its reservation until settled, then what the gateway charged.
CREATE TABLE spend (
  task_id   text PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
  member    text NOT NULL,
  day       date NOT NULL,
  board_id  text,
  points    numeric NOT NULL CHECK (points >= 0),
  settled   boolean NOT NULL DEFAULT false
);
CREATE INDEX spend_day ON spend (day, member);
CREATE TABLE media_objects (
  sha256     text PRIMARY KEY CHECK (sha256 ~ '^[a-f0-9]{64}$'),
  mime       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE change_log (
  seq         bigserial PRIMARY KEY,
  task_id     text NOT NULL,
  -- Who made this change (a machine skips its own; the task's current writer may be someone later).
  written_by  text,
  at       timestamptz NOT NULL DEFAULT now()
);
-- Commit order = seq order: each logging transaction holds this lock to its commit, so a reader that has
-- seen seq N never misses a smaller seq committed later. Writers of tasks are serialised at the log only.
CREATE FUNCTION log_task_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7305162);
  INSERT INTO change_log (task_id, written_by) VALUES (NEW.id, NEW.written_by) RETURNING seq INTO s;
  -- The writer rides along, so a machine is not woken by its own writes.
  PERFORM pg_notify('atelier_changes', s::text || ' ' || coalesce(NEW.written_by, ''));
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_inserted AFTER INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION log_task_change();
-- Lease renewals change only lease columns: no log entry, no notification.
CREATE TRIGGER tasks_changed AFTER UPDATE ON tasks FOR EACH ROW
  WHEN (OLD.record IS DISTINCT FROM NEW.record OR OLD.media IS DISTINCT FROM NEW.media OR OLD.member IS DISTINCT FROM NEW.member)
  EXECUTE FUNCTION log_task_change();
`,
  },
  {
    version: 2,
    name: 'shared boards and prompt library',
    sql: `
-- Boards, task placements on boards and the prompt library, shared by the team (see shared-items.ts).
-- One row per item; \`fields\` holds its fields (a board: name, createdAt; a prompt: name, text, operationId,
-- createdAt, updatedAt; a placement, keyed by task id: boardId). Conflict rule: last writer wins per field, in
-- server commit order (an edit merges only the fields it changed); a delete wins (a deleted item stays deleted).
CREATE TABLE shared_items (
  kind        text NOT NULL CHECK (kind IN ('board', 'prompt', 'placement')),
  id          text NOT NULL,
  fields      jsonb NOT NULL DEFAULT '{}',
  deleted     boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  written_by  text,
  PRIMARY KEY (kind, id)
);
CREATE TABLE item_log (
  seq         bigserial PRIMARY KEY,
  kind        text NOT NULL,
  id          text NOT NULL,
  written_by  text
);
-- Same ordering lock as the task log (commit order = seq order); the notification rides the task channel, so
-- each machine's one LISTEN connection hears both ('i' marks an item change).
CREATE FUNCTION log_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7305163);
  INSERT INTO item_log (kind, id, written_by) VALUES (NEW.kind, NEW.id, NEW.written_by) RETURNING seq INTO s;
  PERFORM pg_notify('atelier_changes', 'i' || s::text || ' ' || coalesce(NEW.written_by, ''));
  RETURN NULL;
END $$;
CREATE TRIGGER shared_items_changed AFTER INSERT OR UPDATE ON shared_items FOR EACH ROW EXECUTE FUNCTION log_item_change();
`,
  },
  {
    version: 3,
    name: 'reservation in one call',
    sql: `
-- A reservation (see PgLibraryStore.reserveAndInsert) in one round trip instead of a transaction of five.
-- Every reserver queues on the one budget row; each later statement of this (volatile) function takes a fresh
-- snapshot under READ COMMITTED, so it sees the spend the previous reserver committed: two machines cannot
-- both pass the last points. A refusal inserts nothing and answers which cap, its size and what was used.
CREATE FUNCTION reserve_task(p_id text, p_member text, p_status text, p_open boolean, p_record jsonb, p_board text,
                             p_owner text, p_lease_ms float8, p_points numeric)
RETURNS TABLE (refused text, cap numeric, used numeric, held_by text, held_epoch bigint, held_until timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'utc')::date;
  team_cap numeric; member_cap numeric; team_used numeric; member_used numeric;
  owner_ text; epoch_ bigint; until_ timestamptz;
BEGIN
  SELECT b.daily_cap INTO team_cap FROM budget b WHERE b.id = 1 FOR UPDATE;
  INSERT INTO members (name) VALUES (p_member) ON CONFLICT DO NOTHING;
  SELECT coalesce(sum(s.points), 0), coalesce(sum(s.points) FILTER (WHERE s.member = p_member), 0)
    INTO team_used, member_used FROM spend s WHERE s.day = today;
  SELECT m.daily_cap INTO member_cap FROM member_caps m WHERE m.member = p_member;
  IF team_cap IS NOT NULL AND team_used + p_points > team_cap THEN
    RETURN QUERY SELECT 'team'::text, team_cap, team_used, NULL::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  IF member_cap IS NOT NULL AND member_used + p_points > member_cap THEN
    RETURN QUERY SELECT 'member'::text, member_cap, member_used, NULL::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  INSERT INTO tasks AS t (id, member, status, open, record, board_id, lease_owner, lease_until, lease_epoch, written_by)
  VALUES (p_id, p_member, p_status, p_open, p_record, p_board, p_owner, now() + make_interval(secs => p_lease_ms / 1000), 1, p_owner)
  RETURNING t.lease_owner, t.lease_epoch, t.lease_until INTO owner_, epoch_, until_;
  INSERT INTO spend (task_id, member, day, board_id, points) VALUES (p_id, p_member, today, p_board, p_points);
  RETURN QUERY SELECT NULL::text, NULL::numeric, NULL::numeric, owner_, epoch_, until_;
END $$;
`,
  },
];

/** Applies the missing steps, each in its own transaction; returns the versions it applied. */
export async function migrateLedger(client: pg.ClientBase): Promise<number[]> {
  const applied: number[] = [];
  await client.query('SELECT pg_advisory_lock(7305161)');
  try {
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const m of PG_MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
        applied.push(m.version);
      } catch (e) {
        await client.query('ROLLBACK');
        throw e;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7305161)');
  }
  return applied;
}
