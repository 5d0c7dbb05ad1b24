import type { TeamSpendRow } from '../../../../shared/domain/team';
import { formatCount } from '../../../../shared/number-format';

/**
 * Points to one decimal with grouped thousands ("1,234.5"), as English and Chinese both write them: the app's
 * language, not the browser's (`toLocaleString()` wrote "1.234,5" in a German browser showing English).
 */
export function formatPoints(n: number): string {
  const tenths = Math.round(Math.abs(n) * 10);
  const sign = n < 0 && tenths > 0 ? '-' : '';
  const whole = formatCount(Math.floor(tenths / 10));
  return tenths % 10 === 0 ? `${sign}${whole}` : `${sign}${whole}.${tenths % 10}`;
}

export interface Total {
  key: string;
  points: number;
  tasks: number;
}

/** Sums rows by a key, largest first (ties by key, so the order is stable). */
export function totalsBy(rows: readonly TeamSpendRow[], key: (r: TeamSpendRow) => string): Total[] {
  const map = new Map<string, Total>();
  for (const r of rows) {
    const k = key(r);
    const t = map.get(k) ?? { key: k, points: 0, tasks: 0 };
    t.points += r.points;
    t.tasks += r.tasks;
    map.set(k, t);
  }
  return [...map.values()].sort((a, b) => b.points - a.points || a.key.localeCompare(b.key));
}

/** Day × member: one row per day (newest first), one cell per member. */
export function dayByMember(rows: readonly TeamSpendRow[]): { days: string[]; members: string[]; cell: (day: string, member: string) => number } {
  const cells = new Map<string, number>();
  for (const r of rows) cells.set(`${r.day}\u0000${r.member}`, (cells.get(`${r.day}\u0000${r.member}`) ?? 0) + r.points);
  const days = [...new Set(rows.map((r) => r.day))].sort().reverse();
  const members = totalsBy(rows, (r) => r.member).map((t) => t.key);
  return { days, members, cell: (day, member) => cells.get(`${day}\u0000${member}`) ?? 0 };
}
