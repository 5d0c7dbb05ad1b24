import type pg from 'pg';
import { z } from 'zod';
import type { TeamSpend } from '../../../shared/domain/team';

const rowSchema = z.object({
  member: z.string(),
  day: z.string(),
  board_id: z.string().nullable(),
  points: z.coerce.number(),
  tasks: z.coerce.number().int(),
});

/** What the local cache can say about a board: its name. */
interface BoardNames {
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
}

/** The last days of the team's spend, per member, day (UTC) and board, newest day first. */
export async function readTeamSpend(pool: pg.Pool, db: BoardNames, days = 30): Promise<TeamSpend> {
  const r = await pool.query(
    `SELECT member, to_char(day, 'YYYY-MM-DD') AS day, board_id, sum(points) AS points, count(*) AS tasks
       FROM spend WHERE day > (now() AT TIME ZONE 'utc')::date - $1::int
      GROUP BY member, day, board_id ORDER BY day DESC, member, board_id`,
    [days],
  );
  const rows = r.rows.map((row) => rowSchema.parse(row)).map((row) => ({ member: row.member, day: row.day, boardId: row.board_id, points: row.points, tasks: row.tasks }));
  const ids = [...new Set(rows.map((row) => row.boardId).filter((id): id is string => id !== null))];
  const boards: Record<string, string> = {};
  if (ids.length > 0) {
    const named = db.prepare(`SELECT id, name FROM boards WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids);
    for (const b of z.array(z.object({ id: z.string(), name: z.string() })).parse(named)) boards[b.id] = b.name;
  }
  return { rows, boards };
}
