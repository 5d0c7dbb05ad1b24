import { errorMessage } from '../../shared/error-message';
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { DatabaseTooNewError } from './migrate';
import { openDatabase, type OpenDatabaseOptions, type SqliteDatabase } from './open-database';
import { takeCleanStop } from './clean-stop';
import { walProblem } from './wal-check';
import { corruptStamp } from '../storage/corrupt-stamp';

/** What opening found wrong, for a notice that names the saved copy. */
export interface OpenRecovery {
  kind: 'history-recovered' | 'journal-unreadable';
  /** Where the unreadable bytes were kept. */
  savedAs: string;
  reason: string;
}

/**
 * Opens the history database, checking it first: a WAL SQLite would silently ignore is copied aside (its
 * changes cannot be read, but the user is told and the bytes are kept); a database that does not open or
 * fails `PRAGMA quick_check` is moved aside with its journal as `<name>.corrupt-<time>` and a fresh one is
 * started. Never throws for corruption (a newer schema, {@link DatabaseTooNewError}, still throws).
 *
 * The full check reads the whole file (seconds at 100,000 tasks), so it is skipped when the file is exactly
 * as a clean stop left it (see ./clean-stop): `checked` says which start this was.
 */
export function openOrRecover(
  file: string,
  options: OpenDatabaseOptions = {},
): { db: SqliteDatabase; recoveries: OpenRecovery[]; checked: 'full' | 'clean-stop' } {
  const recoveries: OpenRecovery[] = [];
  // Consumed before anything opens the file: a crash in this run leaves no marker behind.
  const clean = takeCleanStop(file);
  const wal = `${file}-wal`;
  const walIssue = existsSync(file) ? walProblem(wal) : null;
  if (walIssue) {
    const savedAs = `${wal}.corrupt-${corruptStamp()}`;
    copyFileSync(wal, savedAs);
    rmSync(wal, { force: true });
    rmSync(`${file}-shm`, { force: true });
    recoveries.push({ kind: 'journal-unreadable', savedAs, reason: walIssue });
  }
  let db: SqliteDatabase | null = null;
  let problem: string | null = null;
  try {
    db = openDatabase(file, options);
    if (clean && !walIssue) return { db, recoveries, checked: 'clean-stop' };
    const rows = db.prepare('PRAGMA quick_check').raw().all() as unknown[][];
    const verdict = rows.map((r) => String(r[0])).join('; ');
    if (verdict !== 'ok') problem = verdict.slice(0, 300);
  } catch (e) {
    if (e instanceof DatabaseTooNewError) throw e;
    problem = errorMessage(e);
  }
  if (!problem && db) return { db, recoveries, checked: 'full' };
  if (db?.open) db.close();
  if (!existsSync(file))
    throw new Error(`The task history could not be created at ${file}: ${problem ?? 'unknown error'}`);
  const savedAs = `${file}.corrupt-${corruptStamp()}`;
  renameSync(file, savedAs);
  for (const suffix of ['-wal', '-shm'])
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${savedAs}${suffix}`);
  recoveries.push({ kind: 'history-recovered', savedAs, reason: problem ?? 'unreadable' });
  return { db: openDatabase(file, options), recoveries, checked: 'full' };
}
