import { randomUUID } from 'node:crypto';
import type Database from 'libsql';
import type { Ledger, SavedPrompt } from '../../shared/domain/studio';
import { operationIdSchema, type OperationId } from '../../shared/operations/ids';

const BUDGET_KEY = 'dailyBudget';

type PromptRow = { id: string; name: string; text: string; operation_id: string | null; created_at: number; updated_at: number };
const toPrompt = (r: PromptRow): SavedPrompt => {
  const op = operationIdSchema.safeParse(r.operation_id);
  return { id: r.id, name: r.name, text: r.text, operationId: op.success ? op.data : null, createdAt: r.created_at, updatedAt: r.updated_at };
};
const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The studio's own tables next to the task history (migration 0003): prompt library, ledger, budget, rejects. */
export class StudioStore {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {}

  /** Recent distinct prompts of an operation, newest first (↑/↓ in an empty prompt). */
  recentPrompts(operationId: OperationId, limit: number): string[] {
    const rows = this.db
      .prepare(
        "SELECT prompt, max(created_at) AS last FROM tasks WHERE operation_id = ? AND trim(prompt) <> '' GROUP BY prompt ORDER BY last DESC LIMIT ?",
      )
      .all(operationId, limit) as { prompt: string }[];
    return rows.map((r) => r.prompt);
  }

  listPrompts(search: string | undefined): SavedPrompt[] {
    const q = search?.trim();
    const rows = (
      q
        ? this.db
            .prepare("SELECT * FROM prompts WHERE name LIKE ? ESCAPE '\\' OR text LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT 200")
            .all(`%${likeEscape(q)}%`, `%${likeEscape(q)}%`)
        : this.db.prepare('SELECT * FROM prompts ORDER BY updated_at DESC LIMIT 200').all()
    ) as PromptRow[];
    return rows.map(toPrompt);
  }

  savePrompt(input: { id?: string | undefined; name: string; text: string; operationId?: OperationId | null | undefined }): SavedPrompt {
    const now = this.now();
    const existing = input.id ? (this.db.prepare('SELECT * FROM prompts WHERE id = ?').get(input.id) as PromptRow | undefined) : undefined;
    if (existing) {
      this.db.prepare('UPDATE prompts SET name = ?, text = ?, operation_id = ?, updated_at = ? WHERE id = ?').run(input.name, input.text, input.operationId ?? existing.operation_id, now, existing.id);
      return toPrompt({ ...existing, name: input.name, text: input.text, operation_id: input.operationId ?? existing.operation_id, updated_at: now });
    }
    const id = randomUUID();
    this.db.prepare('INSERT INTO prompts (id, name, text, operation_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(id, input.name, input.text, input.operationId ?? null, now, now);
    return toPrompt({ id, name: input.name, text: input.text, operation_id: input.operationId ?? null, created_at: now, updated_at: now });
  }

  deletePrompt(id: string): void {
    this.db.prepare('DELETE FROM prompts WHERE id = ?').run(id);
  }

  dailyBudget(): number | null {
    const row = this.db.prepare('SELECT value FROM studio_settings WHERE key = ?').get(BUDGET_KEY) as { value: string } | undefined;
    const n = row ? Number(row.value) : NaN;
    return Number.isFinite(n) && n > 0 ? n : null;
  }

  setDailyBudget(points: number | null): void {
    if (points === null) this.db.prepare('DELETE FROM studio_settings WHERE key = ?').run(BUDGET_KEY);
    else this.db.prepare('INSERT INTO studio_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(BUDGET_KEY, String(points));
  }

  /** Points per local day (last 14 days with spending) and per batch (last 20 batches), with today's total. */
  ledger(): Ledger {
    const day = "date(coalesce(finished_at, created_at) / 1000, 'unixepoch', 'localtime')";
    const days = this.db
      .prepare(`SELECT ${day} AS day, sum(points) AS points, count(*) AS tasks FROM tasks WHERE points IS NOT NULL GROUP BY day ORDER BY day DESC LIMIT 14`)
      .all() as { day: string; points: number; tasks: number }[];
    const batches = this.db
      .prepare(
        'SELECT b.id AS batchId, b.operation_id AS operationId, b.created_at AS createdAt, coalesce(sum(t.points), 0) AS points, count(t.id) AS tasks FROM batches b LEFT JOIN tasks t ON t.batch_id = b.id GROUP BY b.id ORDER BY b.created_at DESC LIMIT 20',
      )
      .all() as Ledger['batches'];
    const today = this.db.prepare(`SELECT coalesce(sum(points), 0) AS points FROM tasks WHERE points IS NOT NULL AND ${day} = date(? / 1000, 'unixepoch', 'localtime')`).get(this.now()) as {
      points: number;
    };
    return { days, batches, todayPoints: today.points, dailyBudget: this.dailyBudget() };
  }
}
