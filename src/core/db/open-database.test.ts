import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError } from './migrate';
import { MIGRATIONS, type Migration } from './migrations/index';
import { openDatabase, WAL_CHECKPOINT_PAGES, type SqliteDatabase } from './open-database';
import { makeTempDbPath } from './test-fixtures';

const temps: (() => void)[] = [];
const open: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const c of temps.splice(0)) c();
});

function tempFile(): string {
  const t = makeTempDbPath();
  temps.push(t.cleanup);
  return t.file;
}
function track(db: SqliteDatabase): SqliteDatabase {
  open.push(db);
  return db;
}
const scalar = (db: SqliteDatabase, sql: string): unknown => {
  const row = db.prepare(sql).raw().get();
  return Array.isArray(row) ? row[0] : undefined;
};

describe('openDatabase', () => {
  it('creates the file, sets WAL, synchronous=NORMAL and foreign keys, and migrates', () => {
    const db = track(openDatabase(tempFile()));
    expect(scalar(db, 'PRAGMA journal_mode')).toBe('wal');
    expect(scalar(db, 'PRAGMA synchronous')).toBe(1);
    expect(scalar(db, 'PRAGMA foreign_keys')).toBe(1);
    expect(scalar(db, 'PRAGMA busy_timeout')).toBe(5000);
    expect(scalar(db, 'PRAGMA user_version')).toBe(MIGRATIONS.length);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')")
      .raw()
      .all();
    const names = tables.map((r) => (Array.isArray(r) ? r[0] : null));
    expect(names).toEqual(
      expect.arrayContaining(['tasks', 'tasks_fts', 'tasks_fts_trigram', 'schema_migrations', 'tasks_due']),
    );
  });

  it('runs each migration once and is idempotent on reopen', () => {
    const file = tempFile();
    track(openDatabase(file)).close();
    const db = track(openDatabase(file));
    expect(db.prepare('SELECT version, name FROM schema_migrations').all()).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version, name: m.name })),
    );
  });

  it('applies only the new migrations to an existing file', () => {
    const file = tempFile();
    track(openDatabase(file)).close();
    const next: Migration[] = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'probe', sql: 'CREATE TABLE probe (x INTEGER)' },
    ];
    const db = track(openDatabase(file, { migrations: next }));
    expect(scalar(db, 'PRAGMA user_version')).toBe(MIGRATIONS.length + 1);
    expect(scalar(db, 'SELECT count(*) FROM schema_migrations')).toBe(MIGRATIONS.length + 1);
  });

  it('rolls a failing migration back completely', () => {
    const file = tempFile();
    const broken: Migration[] = [
      ...MIGRATIONS,
      {
        version: MIGRATIONS.length + 1,
        name: 'broken',
        sql: 'CREATE TABLE half (x INTEGER); THIS IS NOT SQL',
      },
    ];
    expect(() => openDatabase(file, { migrations: broken })).toThrow();
    const db = track(openDatabase(file));
    expect(scalar(db, 'PRAGMA user_version')).toBe(MIGRATIONS.length);
    expect(scalar(db, "SELECT count(*) FROM sqlite_master WHERE name = 'half'")).toBe(0);
  });

  it('refuses a database written by a newer build', () => {
    const file = tempFile();
    const db = track(openDatabase(file));
    db.exec('PRAGMA user_version = 99');
    db.close();
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
  });

  it('lets the journal grow past SQLite\'s 1,000 pages before a commit checkpoints it', () => {
    const db = track(openDatabase(tempFile()));
    db.exec('CREATE TABLE filler (b BLOB)');
    const insert = db.prepare('INSERT INTO filler (b) VALUES (randomblob(3000))');
    // One commit per row of most of a page: a few pages each (the row's, the table's spine), so 500 commits
    // pass SQLite's default of 1,000 pages and stay under ours.
    for (let i = 0; i < 500; i++) insert.run();
    // A passive checkpoint answers [busy, pages in the journal, pages copied]: with the default the journal
    // had been copied back and restarted at 1,000 pages, so fewer than 1,000 would be in it now.
    const row = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').raw().get();
    const inJournal = Array.isArray(row) ? Number(row[1]) : NaN;
    expect(inJournal).toBeGreaterThan(1_000);
    expect(inJournal).toBeLessThan(WAL_CHECKPOINT_PAGES);
    expect(scalar(db, 'PRAGMA wal_autocheckpoint')).toBe(WAL_CHECKPOINT_PAGES);
  });
});
