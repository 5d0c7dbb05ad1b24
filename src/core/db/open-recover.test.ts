import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../create-core';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { openDatabase } from './open-database';
import { openOrRecover } from './open-or-recover';
import { TaskStore } from './task-store';
import { makeTaskRecord } from './test-fixtures';
import { walProblem } from './wal-check';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-dbrec-'));
  dirs.push(d);
  return d;
};
const coreOn = (dataDir: string) =>
  createCore({
    dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
  });

/** A history with `n` tasks, closed cleanly. */
function history(dir: string, n: number): string {
  const file = join(dir, 'atelier.db');
  const store = TaskStore.open(file);
  for (let i = 0; i < n; i++) store.insert(makeTaskRecord({ prompt: `task ${i} ${'x'.repeat(2000)}` }));
  store.close();
  return file;
}

describe('opening a damaged history', () => {
  it('a garbage atelier.db: core starts on a fresh one, the copy is kept and named in a notice', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'atelier.db'), 'this is not a database '.repeat(400));
    const core = coreOn(dir);
    await core.start();
    const notices = await core.handlers.listNotices({});
    expect(notices).toHaveLength(1);
    expect(notices[0]?.kind).toBe('history-recovered');
    const savedAs = notices[0]?.params.savedAs ?? '';
    expect(notices[0]?.message).toContain(savedAs);
    expect(readFileSync(savedAs, 'utf8')).toMatch(/^this is not a database/);
    expect(
      (await core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 10 })).total,
    ).toBe(0);
    await core.stop();
  });

  for (const damage of ['truncated', 'a damaged page'] as const)
    it(`${damage}: quick_check (or opening) finds it and the file is moved aside`, () => {
      const dir = tempDir();
      const file = history(dir, 60);
      if (damage === 'truncated') truncateSync(file, Math.floor(statSync(file).size / 2));
      else {
        // Page 1 (schema) stays intact so the file opens and migrates; a data page in the middle is garbage.
        const bytes = readFileSync(file);
        bytes.fill(0xa5, 4096 * 4, 4096 * 5);
        writeFileSync(file, bytes);
      }
      const { db, recoveries } = openOrRecover(file);
      expect(recoveries.map((r) => r.kind)).toEqual(['history-recovered']);
      expect(existsSync(recoveries[0]?.savedAs ?? '')).toBe(true);
      expect(new TaskStore(db).list({ sort: 'newest' }, null, 10).total).toBe(0);
      db.close();
    });

  it('a healthy history opens without a notice', () => {
    const dir = tempDir();
    const file = history(dir, 3);
    const { db, recoveries } = openOrRecover(file);
    expect(recoveries).toEqual([]);
    db.close();
  });
});

describe('damaged JSON stores reach the user', () => {
  it('a garbage preferences.json becomes a notice naming the kept copy', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'preferences.json'), '{"notifications": tru');
    const core = coreOn(dir);
    await core.start();
    await core.handlers.getPreferences({});
    const notices = await core.handlers.listNotices({});
    expect(notices.map((n) => n.kind)).toEqual(['store-unreadable']);
    expect(notices[0]?.params.file).toBe('preferences.json');
    expect(readFileSync(notices[0]?.params.savedAs ?? '', 'utf8')).toBe('{"notifications": tru');
    await core.stop();
  });
});

describe('the write-ahead log', () => {
  it('a live WAL with committed frames reads as healthy', () => {
    const dir = tempDir();
    const file = join(dir, 'atelier.db');
    const db = openDatabase(file);
    db.exec('PRAGMA wal_autocheckpoint = 0');
    const store = new TaskStore(db);
    store.insert(makeTaskRecord());
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(walProblem(`${file}-wal`)).toBeNull();
    db.close();
  });

  it('a garbage WAL is not dropped silently: the journal is kept and the user told', async () => {
    const dir = tempDir();
    const file = join(dir, 'atelier.db');
    // A crash leaves tasks in the WAL: copy db + wal while a connection holds them un-checkpointed.
    const db = openDatabase(file);
    db.exec('PRAGMA wal_autocheckpoint = 0');
    new TaskStore(db).insert(makeTaskRecord({ id: 'in-the-wal' }));
    const crashed = tempDir();
    copyFileSync(file, join(crashed, 'atelier.db'));
    const wal = readFileSync(`${file}-wal`);
    db.close();
    wal.fill(0x5a, 0, 32); // the header is garbage now
    writeFileSync(join(crashed, 'atelier.db-wal'), wal);
    const core = coreOn(crashed);
    await core.start();
    const notices = await core.handlers.listNotices({});
    expect(notices.map((n) => n.kind)).toEqual(['journal-unreadable']);
    expect(readFileSync(notices[0]?.params.savedAs ?? '').subarray(0, 32)).toEqual(wal.subarray(0, 32));
    await core.stop();
  });

  it('a clean stop checkpoints the WAL (TRUNCATE): atelier.db alone holds the whole history', async () => {
    const dir = tempDir();
    const core = coreOn(dir);
    await core.start();
    for (let i = 0; i < 20; i++) core.store.insert(makeTaskRecord({ prompt: `kept ${i}` }));
    expect(statSync(join(dir, 'atelier.db-wal')).size).toBeGreaterThan(0);
    await core.stop();
    expect(existsSync(join(dir, 'atelier.db-wal')) ? statSync(join(dir, 'atelier.db-wal')).size : 0).toBe(0);
    const backup = tempDir();
    copyFileSync(join(dir, 'atelier.db'), join(backup, 'atelier.db'));
    const copy = TaskStore.open(join(backup, 'atelier.db'));
    expect(copy.list({ sort: 'newest' }, null, 100).total).toBe(20);
    copy.close();
    expect(readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toEqual([]);
  });
});
