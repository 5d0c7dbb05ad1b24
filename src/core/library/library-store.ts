import { numOrNull, textOrNull } from '../db/cells';
import { randomUUID } from 'node:crypto';
import { parentKindSchema, type Board, type FrameOrigin, type ParentKind } from '../../shared/domain/library';
import { boardNameKey } from '../../shared/domain/board-name';
import type { SqliteDatabase } from '../db/open-database';
import { StatementCache } from '../db/statement-cache';
import { atomically } from '../db/transaction';
import type Database from 'libsql';

/** One parent of a task, as stored. */
export interface ParentRow {
  taskId: string;
  parentId: string;
  kind: ParentKind;
  index: number | null;
  frameMs: number | null;
  field: string | null;
}

type Row = Record<string, unknown>;
const num = numOrNull;
const str = textOrNull;

function toParent(r: Row): ParentRow | null {
  const kind = parentKindSchema.safeParse(r.kind);
  const taskId = str(r.task_id);
  const parentId = str(r.parent_id);
  if (!kind.success || !taskId || !parentId) return null;
  return {
    taskId,
    parentId,
    kind: kind.data,
    index: num(r.result_index),
    frameMs: num(r.frame_ms),
    field: str(r.field),
  };
}

const BOARD_COLUMNS =
  'b.id, b.name, b.created_at, (SELECT count(*) FROM board_tasks t WHERE t.board_id = b.id) AS n';
const toBoard = (r: Row): Board => ({
  id: str(r.id) ?? '',
  name: str(r.name) ?? '',
  createdAt: num(r.created_at) ?? 0,
  count: num(r.n) ?? 0,
});

/**
 * Lineage, boards and frame origins: the library's own tables (migration 0004), on the task store's
 * connection so a task and its parents are written in one transaction.
 */
export class LibraryStore {
  /** Prepared statements per connection (the store's connection is replaced after a recovery). */
  private readonly statements = new WeakMap<SqliteDatabase, StatementCache>();

  constructor(
    private readonly db: () => SqliteDatabase,
    private readonly now: () => number,
  ) {}

  private statement(sql: string): Database.Statement {
    const db = this.db();
    let cache = this.statements.get(db);
    if (!cache) {
      cache = new StatementCache(db);
      this.statements.set(db, cache);
    }
    return cache.get(sql);
  }

  // ---- lineage ----------------------------------------------------------------------------------

  /** Records the parents of a new task (replacing any earlier record of them). */
  setParents(taskId: string, parents: Omit<ParentRow, 'taskId'>[]): void {
    const db = this.db();
    atomically(db, 'write', () => {
      this.statement('DELETE FROM task_parents WHERE task_id = ?').run(taskId);
      const insert = this.statement(
        'INSERT INTO task_parents (task_id, position, parent_id, kind, result_index, frame_ms, field) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      parents.forEach((p, i) => insert.run(taskId, i, p.parentId, p.kind, p.index, p.frameMs, p.field));
    });
  }

  parentsOf(taskId: string): ParentRow[] {
    const rows = this.statement('SELECT * FROM task_parents WHERE task_id = ? ORDER BY position').all(
      taskId,
    ) as Row[];
    return rows.map(toParent).filter((p): p is ParentRow => p !== null);
  }

  childrenOf(taskId: string): ParentRow[] {
    const rows = this.statement('SELECT * FROM task_parents WHERE parent_id = ? ORDER BY rowid').all(
      taskId,
    ) as Row[];
    return rows.map(toParent).filter((p): p is ParentRow => p !== null);
  }

  // ---- frame origins ----------------------------------------------------------------------------

  setOrigin(inputId: string, origin: FrameOrigin): void {
    this.statement(
      'INSERT OR REPLACE INTO input_origins (input_id, task_id, result_index, frame_ms) VALUES (?, ?, ?, ?)',
    ).run(inputId, origin.taskId, origin.index, origin.timeMs);
  }

  originOf(inputId: string): FrameOrigin | null {
    const r = this.statement('SELECT * FROM input_origins WHERE input_id = ?').get(inputId) as
      Row | undefined;
    const taskId = str(r?.task_id);
    const index = num(r?.result_index);
    const timeMs = num(r?.frame_ms);
    return taskId && index !== null && timeMs !== null ? { taskId, index, timeMs } : null;
  }

  /** The local task whose gateway id is `remoteId` (video extension refers to its source that way). */
  taskByRemoteId(remoteId: string): string | null {
    const r = this.statement('SELECT id FROM tasks WHERE remote_id = ? ORDER BY created_at DESC LIMIT 1').get(
      remoteId,
    ) as Row | undefined;
    return str(r?.id);
  }

  // ---- boards -----------------------------------------------------------------------------------

  /**
   * One page of boards, oldest first, keyset-paged on the rowid (O(log n) at any depth, no index needed):
   * `after` is the cursor of the previous page. `include` adds that board when it is not on the page (the
   * current board, wherever it is), `query` keeps names containing it. `total` counts every board.
   */
  listBoards(opts: { after: number | null; limit: number; include: string | null; query: string }): {
    items: Board[];
    nextCursor: string | null;
    total: number;
  } {
    const like = `%${opts.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = this.statement(
      `SELECT b.rowid AS rid, ${BOARD_COLUMNS} FROM boards b WHERE b.rowid > ? AND b.name LIKE ? ESCAPE '\\' ORDER BY b.rowid LIMIT ?`,
    ).all(opts.after ?? 0, like, opts.limit + 1) as Row[];
    const more = rows.length > opts.limit;
    const page = rows.slice(0, opts.limit);
    const items = page.map(toBoard);
    if (opts.include && !items.some((b) => b.id === opts.include)) {
      const extra = this.statement(`SELECT ${BOARD_COLUMNS} FROM boards b WHERE b.id = ?`).get(opts.include) as
        Row | undefined;
      if (extra) items.push(toBoard(extra));
    }
    const total = num((this.statement('SELECT count(*) AS n FROM boards').get() as Row).n) ?? 0;
    const last = page.at(-1);
    return { items, nextCursor: more && last ? String(num(last.rid)) : null, total };
  }

  hasBoard(id: string): boolean {
    return this.statement('SELECT 1 FROM boards WHERE id = ?').get(id) !== undefined;
  }

  /**
   * Whether a board other than `except` already has this name, ignoring case and surrounding spaces (two
   * boards named "Spring" and " spring" cannot be told apart in the board list). SQLite keeps the names of
   * the same length (a scan in C, fast at 130,000 boards); they are compared here, as SQLite's lower()
   * folds ASCII only.
   */
  private nameTaken(name: string, except: string | null): boolean {
    const key = boardNameKey(name);
    // libsql binds no lone null: "no board excepted" is an id no board has.
    const rows = this.statement('SELECT name FROM boards WHERE id <> ? AND length(name) = ?').all(
      except ?? '',
      [...name.trim()].length,
    ) as Row[];
    return rows.some((r) => boardNameKey(str(r.name) ?? '') === key);
  }

  /** A new board, or 'taken' when another board has the same name (case and spaces aside). */
  createBoard(name: string): Board | 'taken' {
    return atomically(this.db(), 'write', () => {
      if (this.nameTaken(name, null)) return 'taken';
      const board = { id: randomUUID(), name: name.trim(), createdAt: this.now(), count: 0 };
      this.statement('INSERT INTO boards (id, name, created_at) VALUES (?, ?, ?)').run(
        board.id,
        board.name,
        board.createdAt,
      );
      return board;
    });
  }

  /** Renames a board (its own name in another case is fine); 'taken' when another board has that name. */
  renameBoard(id: string, name: string): 'renamed' | 'missing' | 'taken' {
    return atomically(this.db(), 'write', () => {
      if (!this.hasBoard(id)) return 'missing';
      if (this.nameTaken(name, id)) return 'taken';
      this.statement('UPDATE boards SET name = ? WHERE id = ?').run(name.trim(), id);
      return 'renamed';
    });
  }

  /** Deletes the board; its tasks stay (they only leave the board). */
  deleteBoard(id: string): boolean {
    const db = this.db();
    return atomically(db, 'write', () => {
      this.statement('DELETE FROM board_tasks WHERE board_id = ?').run(id);
      return this.statement('DELETE FROM boards WHERE id = ?').run(id).changes > 0;
    });
  }

  /** Puts tasks on a board (a task is on at most one), or takes them off every board (`boardId` null). */
  moveTasks(taskIds: readonly string[], boardId: string | null): void {
    const db = this.db();
    atomically(db, 'write', () => {
      const del = this.statement('DELETE FROM board_tasks WHERE task_id = ?');
      const put = this.statement(
        'INSERT OR REPLACE INTO board_tasks (task_id, board_id, added_at) VALUES (?, ?, ?)',
      );
      for (const id of taskIds) {
        if (boardId === null) del.run(id);
        else put.run(id, boardId, this.now());
      }
    });
  }

  boardOf(taskId: string): string | null {
    const r = this.statement('SELECT board_id FROM board_tasks WHERE task_id = ?').get(taskId) as
      Row | undefined;
    return str(r?.board_id);
  }
}
