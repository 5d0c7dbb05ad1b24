import type Database from 'libsql';
import type pg from 'pg';
import { z } from 'zod';
import { StatementCache } from '../db/statement-cache';
import { boardNameKey, freeBoardName } from '../../shared/domain/board-name';
import type { Logger } from '../ports';

/**
 * Boards, task placements on boards and the prompt library in team mode (issue 29, "PostgreSQL is the one
 * shared authority ... boards ... the prompt library"). The gallery keeps reading the local SQLite tables;
 * this keeps them and the ledger's `shared_items` in step:
 *
 * - Out: temporary triggers on the local tables (`boards`, `board_tasks`, `prompts`) append every local edit,
 *   field by field, to `team_outbox` (a table in the local file, so edits made offline survive a restart).
 *   `flush` sends the outbox to PostgreSQL in order, one edit per transaction, and deletes what landed; while
 *   the database is away the edits wait and are replayed in the same order when it is back.
 * - In: `pull` (run by the change feed with each pull, on notification, reconnect and now and then) reads the
 *   item log past its cursor and writes other machines' items into the local tables, with the triggers quiet.
 *
 * Conflict rule: last writer wins per field, in the server's commit order (an edit merges only the fields it
 * changed into the item, so a rename on A and a text edit on B both stand); a delete wins: a deleted item
 * stays deleted, later edits of it are dropped (the ledger answers "deleted", and the local copy goes too).
 * An item with edits of this machine still in the outbox keeps its local state until they land (they commit
 * after what came in, so they win by the rule anyway).
 *
 * Board names stay told apart: two boards of one name (made on two machines while apart, or renamed alike)
 * are ordered by when they were made, then by id; the first keeps the name and each later one is shown as
 * "<name> 2", "<name> 3"… (freeBoardName, as a new board's suggestion) On every machine alike, as they all hold the same boards; in the local cache only (the
 * ledger keeps what each machine wrote), until someone renames one.
 */
export type ItemKind = 'board' | 'prompt' | 'placement';

const outboxRowSchema = z.object({
  seq: z.number(),
  kind: z.enum(['board', 'prompt', 'placement']),
  id: z.string(),
  op: z.enum(['upsert', 'delete']),
  fields: z.string(),
});
const itemRowSchema = z.object({
  seq: z.coerce.number(),
  kind: z.enum(['board', 'prompt', 'placement']),
  id: z.string(),
  fields: z.record(z.string(), z.unknown()),
  deleted: z.boolean(),
  written_by: z.string().nullable(),
});
const boardFields = z.object({ name: z.string().optional(), createdAt: z.number().optional() });
const promptFields = z.object({
  name: z.string().optional(),
  text: z.string().optional(),
  operationId: z.string().nullable().optional(),
  createdAt: z.number().optional(),
  updatedAt: z.number().optional(),
});
const placementFields = z.object({
  boardId: z.string().nullable().optional(),
  addedAt: z.number().optional(),
});

const QUIET = `NOT EXISTS (SELECT 1 FROM temp.team_applying)`;
const OUT = (kind: ItemKind, id: string, op: 'upsert' | 'delete', fields: string): string =>
  `INSERT INTO team_outbox (kind, id, op, fields) VALUES ('${kind}', ${id}, '${op}', ${fields});`;

/** The local capture: the outbox table (persistent) and the triggers (this connection only, gone when solo). */
const LOCAL_DDL = [
  `CREATE TABLE IF NOT EXISTS team_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, id TEXT NOT NULL, op TEXT NOT NULL, fields TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS team_item_cursor (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL)`,
  `CREATE TEMP TABLE IF NOT EXISTS team_applying (one INTEGER)`,
  `CREATE TEMP TRIGGER IF NOT EXISTS team_board_new AFTER INSERT ON main.boards WHEN ${QUIET} BEGIN ${OUT('board', 'NEW.id', 'upsert', `json_object('name', NEW.name, 'createdAt', NEW.created_at)`)} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS team_board_name AFTER UPDATE OF name ON main.boards WHEN ${QUIET} AND OLD.name IS NOT NEW.name BEGIN ${OUT('board', 'NEW.id', 'upsert', `json_object('name', NEW.name)`)} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS team_board_gone AFTER DELETE ON main.boards WHEN ${QUIET} BEGIN ${OUT('board', 'OLD.id', 'delete', `'{}'`)} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS team_place_new AFTER INSERT ON main.board_tasks WHEN ${QUIET} BEGIN ${OUT('placement', 'NEW.task_id', 'upsert', `json_object('boardId', NEW.board_id, 'addedAt', NEW.added_at)`)} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS team_place_gone AFTER DELETE ON main.board_tasks WHEN ${QUIET} BEGIN ${OUT('placement', 'OLD.task_id', 'upsert', `json_object('boardId', NULL)`)} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS team_prompt_new AFTER INSERT ON main.prompts WHEN ${QUIET} BEGIN ${OUT('prompt', 'NEW.id', 'upsert', `json_object('name', NEW.name, 'text', NEW.text, 'operationId', NEW.operation_id, 'createdAt', NEW.created_at, 'updatedAt', NEW.updated_at)`)} END`,
  ...(['name', 'text', 'operation_id'] as const).map(
    (col) =>
      `CREATE TEMP TRIGGER IF NOT EXISTS team_prompt_${col} AFTER UPDATE OF ${col} ON main.prompts WHEN ${QUIET} AND OLD.${col} IS NOT NEW.${col} BEGIN ${OUT('prompt', 'NEW.id', 'upsert', `json_object('${col === 'operation_id' ? 'operationId' : col}', NEW.${col}, 'updatedAt', NEW.updated_at)`)} END`,
  ),
  `CREATE TEMP TRIGGER IF NOT EXISTS team_prompt_gone AFTER DELETE ON main.prompts WHEN ${QUIET} BEGIN ${OUT('prompt', 'OLD.id', 'delete', `'{}'`)} END`,
];

export class SharedItems {
  private flushing: Promise<void> | null = null;
  /** The outbox and cursor statements run on every pull and edit: compiled once, not per call. */
  private readonly sql: StatementCache;

  constructor(
    private readonly db: Database.Database,
    private readonly pool: pg.Pool,
    private readonly machine: string,
    private readonly log: Logger,
    /** Other machines' edits were applied here (after their commit): the kinds of item they touched. */
    private readonly onApplied: (kinds: ItemKind[]) => void = () => undefined,
  ) {
    for (const sql of LOCAL_DDL) db.exec(sql);
    this.sql = new StatementCache(db);
  }

  /** Local edits not in the ledger yet. */
  get pending(): number {
    return (this.sql.get('SELECT count(*) AS n FROM team_outbox').get() as { n: number }).n;
  }

  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async send(): Promise<void> {
    for (;;) {
      const raw = this.sql
        .get('SELECT seq, kind, id, op, fields FROM team_outbox ORDER BY seq LIMIT 1')
        .get();
      if (!raw) return;
      const edit = outboxRowSchema.parse(raw);
      let landed: boolean;
      try {
        landed = await this.write(edit);
      } catch (e) {
        this.log.warn('team: a board or prompt edit waits for the team database', {
          kind: edit.kind,
          error: e instanceof Error ? e.message : String(e),
        });
        return;
      }
      this.sql.get('DELETE FROM team_outbox WHERE seq = ?').run(edit.seq);
      // Deletes win: an edit of an item another machine deleted is dropped, and the local copy goes too.
      if (!landed) {
        this.quietly(() => this.applyLocal(edit.kind, edit.id, true, {}));
        this.onApplied([edit.kind]);
      }
    }
  }

  /** One edit into the ledger: fields merged (last writer wins per field), a delete final. False: it was deleted. */
  private async write(edit: z.infer<typeof outboxRowSchema>): Promise<boolean> {
    if (edit.op === 'delete') {
      await this.pool.query(
        `INSERT INTO shared_items (kind, id, deleted, written_by) VALUES ($1, $2, true, $3)
         ON CONFLICT (kind, id) DO UPDATE SET deleted = true, written_by = $3, updated_at = now() WHERE NOT shared_items.deleted`,
        [edit.kind, edit.id, this.machine],
      );
      return true;
    }
    const r = await this.pool.query(
      `INSERT INTO shared_items (kind, id, fields, written_by) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (kind, id) DO UPDATE SET fields = shared_items.fields || EXCLUDED.fields, written_by = $4, updated_at = now()
        WHERE NOT shared_items.deleted`,
      [edit.kind, edit.id, edit.fields, this.machine],
    );
    return r.rowCount === 1;
  }

  /** Other machines' items past the cursor into the local tables (run by the change feed, on its connection). */
  async pull(client: pg.ClientBase): Promise<void> {
    for (;;) {
      const cursor =
        (this.sql.get('SELECT seq FROM team_item_cursor WHERE one = 1').get() as { seq: number } | undefined)
          ?.seq ?? 0;
      const r = await client.query(
        `SELECT l.seq, i.kind, i.id, i.fields, i.deleted, l.written_by FROM item_log l JOIN shared_items i ON i.kind = l.kind AND i.id = l.id
          WHERE l.seq > $1 ORDER BY l.seq LIMIT 500`,
        [cursor],
      );
      if (r.rows.length === 0) return;
      const rows = r.rows.map((row) => itemRowSchema.parse(row));
      const last = rows[rows.length - 1]?.seq ?? cursor;
      const applied = new Set<ItemKind>();
      this.quietly(() => {
        for (const row of rows) {
          if (row.written_by === this.machine) continue;
          // Edits of ours still to land: the item keeps its local state until they do (they commit later, and win).
          if (this.sql.get('SELECT 1 FROM team_outbox WHERE kind = ? AND id = ?').get(row.kind, row.id))
            continue;
          this.applyLocal(row.kind, row.id, row.deleted, row.fields);
          applied.add(row.kind);
        }
        if (applied.has('board')) this.distinctBoardNames();
        this.sql
          .get(
            'INSERT INTO team_item_cursor (one, seq) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET seq = excluded.seq',
          )
          .run(last);
      });
      if (applied.size > 0) this.onApplied([...applied]);
      if (r.rows.length < 500) return;
    }
  }

  /** Runs local writes in one transaction with the capture triggers quiet (what comes in is not sent back). */
  private quietly(work: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.exec('INSERT INTO temp.team_applying (one) VALUES (1)');
      work();
      this.db.exec('DELETE FROM temp.team_applying');
      this.db.exec('COMMIT');
    } catch (e) {
      this.db.exec('ROLLBACK');
      throw e;
    }
  }

  private applyLocal(kind: ItemKind, id: string, deleted: boolean, fields: Record<string, unknown>): void {
    const db = this.sql;
    if (kind === 'board') {
      if (deleted) {
        db.get('DELETE FROM board_tasks WHERE board_id = ?').run(id);
        db.get('DELETE FROM boards WHERE id = ?').run(id);
        return;
      }
      const f = boardFields.parse(fields);
      if (f.name === undefined) return;
      db.get(
        'INSERT INTO boards (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name',
      ).run(id, f.name, f.createdAt ?? Date.now());
    } else if (kind === 'prompt') {
      if (deleted) {
        db.get('DELETE FROM prompts WHERE id = ?').run(id);
        return;
      }
      const f = promptFields.parse(fields);
      if (f.name === undefined || f.text === undefined) return;
      const at = f.updatedAt ?? Date.now();
      db.get(
        `INSERT INTO prompts (id, name, text, operation_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, text = excluded.text, operation_id = excluded.operation_id, updated_at = excluded.updated_at`,
      ).run(id, f.name, f.text, f.operationId ?? null, f.createdAt ?? at, at);
    } else {
      const f = placementFields.parse(fields);
      if (deleted || !f.boardId) db.get('DELETE FROM board_tasks WHERE task_id = ?').run(id);
      else
        db.get('INSERT OR REPLACE INTO board_tasks (task_id, board_id, added_at) VALUES (?, ?, ?)').run(
          id,
          f.boardId,
          f.addedAt ?? Date.now(),
        );
    }
  }

  /** Renames (locally) every board whose name an earlier-made board has: see the class comment. */
  private distinctBoardNames(): void {
    const boards = this.sql.get('SELECT id, name FROM boards ORDER BY created_at, id').all() as { id: string; name: string }[];
    const names = boards.map((b) => b.name);
    const kept = new Set<string>();
    for (const board of boards) {
      if (!kept.has(boardNameKey(board.name))) {
        kept.add(boardNameKey(board.name));
        continue;
      }
      const name = freeBoardName(board.name.trim(), names);
      names.push(name);
      kept.add(boardNameKey(name));
      this.sql.get('UPDATE boards SET name = ? WHERE id = ?').run(name, board.id);
    }
  }
}
