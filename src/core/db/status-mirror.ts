import { taskStatusSchema, type TaskStatus } from '../../shared/domain/task';
import type { StatementCache } from './statement-cache';

/**
 * Every task's status and rejected flag by `seq`, one byte each, for the search box (issue 16). A one-letter
 * search matches a fifth of a large history; counting its status chips and finding its first page by
 * looking each match up in SQLite cost 17–25 ms at 100,000 tasks, in this array a fraction of a millisecond.
 *
 * The store is the only writer of `tasks` and tells the mirror what it wrote; whatever it cannot follow
 * exactly (a rolled-back transaction, a bulk update, a delete) drops the mirror, which is read again at the
 * next search. Before each use the mirror's totals are checked against `task_status_counts` (kept exact by
 * triggers in the same transactions as the rows): a mirror that disagrees is read again, never trusted.
 */
export class StatusMirror {
  /** By seq: 0 = no task, else 1 + the status's index in {@link STATUSES}, plus {@link REJECTED}. */
  #codes: Uint8Array | null = null;
  /** Times the mirror was read from the database (for tests). */
  loads = 0;

  /** Whether the mirror is in memory (writes need not be told before). */
  get loaded(): boolean {
    return this.#codes !== null;
  }

  /** Forgets everything: the next {@link current} reads the table again. */
  invalidate(): void {
    this.#codes = null;
  }

  /** A task was written with this status (insert, or a change of status or rejected). Ignored until loaded. */
  set(seq: number, status: string, rejected: boolean): void {
    const codes = this.#codes;
    if (codes === null) return;
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQ) {
      this.invalidate();
      return;
    }
    const grown = seq < codes.length ? codes : grow(codes, seq);
    grown[seq] = codeOf(status, rejected);
    this.#codes = grown;
  }

  /**
   * The codes, read from the database when not loaded, or when their totals disagree with the trigger-kept
   * counts. The caller must be inside a read transaction (so both reads see one state).
   */
  current(sql: StatementCache): Uint8Array {
    if (this.#codes !== null && this.#agrees(sql, this.#codes)) return this.#codes;
    this.#codes = load(sql);
    this.loads++;
    return this.#codes;
  }

  #agrees(sql: StatementCache, codes: Uint8Array): boolean {
    const want = new Int32Array(256);
    for (const row of sql.get('SELECT status, rejected, n FROM task_status_counts').raw().all()) {
      const [status, rejected, n] = row as [unknown, unknown, unknown];
      const code = codeOf(typeof status === 'string' ? status : '', rejected === 1);
      if (typeof n === 'number') want[code] = (want[code] ?? 0) + n;
    }
    const have = new Int32Array(256);
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i] ?? 0;
      have[code] = (have[code] ?? 0) + 1;
    }
    for (let code = 1; code < 256; code++) if (have[code] !== want[code]) return false;
    return true;
  }
}

const STATUSES = taskStatusSchema.options;
const INDEX: ReadonlyMap<string, number> = new Map(STATUSES.map((s, i) => [s, i]));
const UNKNOWN = STATUSES.indexOf('unknown');
export const REJECTED = 0x80;
/** Past this, a seq is not mirrored (a hand-made rowid far out): the mirror is dropped instead. */
const MAX_SEQ = 2 ** 28;

/** The byte for a status (one this build does not know is `unknown`, as everywhere) and rejected flag. */
export function codeOf(status: string, rejected: boolean): number {
  return (1 + (INDEX.get(status) ?? UNKNOWN)) | (rejected ? REJECTED : 0);
}

/** The status a (non-zero) code stands for. */
export function statusOfCode(code: number): TaskStatus {
  return STATUSES[(code & ~REJECTED) - 1] ?? 'unknown';
}

function grow(codes: Uint8Array, seq: number): Uint8Array {
  const next = new Uint8Array(Math.max(seq + 1, codes.length * 2, 1024));
  next.set(codes);
  return next;
}

/** Reads every task's seq, status and rejected flag: three strings in one row, read without splitting. */
function load(sql: StatementCache): Uint8Array {
  const row = sql
    .get(
      'SELECT max(seq), group_concat(seq), group_concat(status, char(30)), group_concat(rejected) FROM tasks INDEXED BY tasks_seq_status',
    )
    .raw()
    .get() as [unknown, unknown, unknown, unknown] | undefined;
  const max = typeof row?.[0] === 'number' ? row[0] : 0;
  if (max > MAX_SEQ) throw new Error(`task seq ${max} is out of range for the search mirror`);
  const codes = new Uint8Array(Math.max(1024, max + 1));
  const seqs = typeof row?.[1] === 'string' ? row[1] : '';
  const statuses = typeof row?.[2] === 'string' ? row[2] : '';
  const rejected = typeof row?.[3] === 'string' ? row[3] : '';
  let s = 0; // position in seqs
  let t = 0; // in statuses
  let r = 0; // in rejected
  while (s < seqs.length) {
    let seq = 0;
    while (s < seqs.length && seqs.charCodeAt(s) !== 44) seq = seq * 10 + (seqs.charCodeAt(s++) - 48);
    s++;
    let end = statuses.indexOf('\u001e', t);
    if (end < 0) end = statuses.length;
    const status = statuses.slice(t, end);
    t = end + 1;
    let comma = rejected.indexOf(',', r);
    if (comma < 0) comma = rejected.length;
    const flag = comma - r === 1 && rejected.charCodeAt(r) === 49; // exactly "1", as the trigger table keys it
    r = comma + 1;
    codes[seq] = codeOf(status, flag);
  }
  return codes;
}
