import {
  copyFileSync,
  existsSync,
  mkdtempSync,
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

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-clean-'));
  dirs.push(d);
  return d;
};

/** A history of `n` tasks, closed cleanly (checkpoint, marker). */
function history(dir: string, n: number): string {
  const file = join(dir, 'atelier.db');
  const store = TaskStore.open(file);
  for (let i = 0; i < n; i++) store.insert(makeTaskRecord({ prompt: `task ${i} ${'x'.repeat(2000)}` }));
  store.close();
  return file;
}

const open = (file: string) => {
  const r = openOrRecover(file);
  r.db.close();
  return { checked: r.checked, recoveries: r.recoveries.map((x) => x.kind) };
};

describe('the full integrity check runs only when the file is not as a clean stop left it', () => {
  it('after a clean stop the check is skipped once; the marker vouches for one start only', () => {
    const file = history(tempDir(), 5);
    expect(existsSync(`${file}.clean`)).toBe(true);
    const first = openOrRecover(file);
    expect(first.checked).toBe('clean-stop');
    expect(existsSync(`${file}.clean`)).toBe(false);
    // This run "crashes" (its connection is never closed): the next start checks the whole file.
    first.db.prepare("UPDATE tasks SET prompt = 'changed'").run();
    expect(open(file)).toEqual({ checked: 'full', recoveries: [] });
    first.db.close();
  });

  it('a page damaged after a clean stop (same size) is still found and moved aside', () => {
    const file = history(tempDir(), 60);
    const bytes = readFileSync(file);
    bytes.fill(0xa5, 4096 * 4, 4096 * 5);
    writeFileSync(file, bytes);
    expect(open(file)).toEqual({ checked: 'full', recoveries: ['history-recovered'] });
  });

  it('a file truncated after a clean stop is found and moved aside', () => {
    const file = history(tempDir(), 60);
    truncateSync(file, Math.floor(statSync(file).size / 2));
    expect(open(file).recoveries).toEqual(['history-recovered']);
  });

  it('a copy (a restored backup, with the marker copied beside it) is checked in full', () => {
    const file = history(tempDir(), 3);
    const other = join(tempDir(), 'atelier.db');
    copyFileSync(file, other);
    copyFileSync(`${file}.clean`, `${other}.clean`);
    expect(open(other).checked).toBe('full');
  });

  it('a journal waiting beside the file (the main file untouched) means a full check', () => {
    const file = history(tempDir(), 3);
    // Another connection commits into the WAL only: atelier.db itself (inode, size, mtime) is unchanged.
    const db = openDatabase(file);
    db.exec('PRAGMA wal_autocheckpoint = 0');
    new TaskStore(db).insert(makeTaskRecord());
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(open(file)).toEqual({ checked: 'full', recoveries: [] });
    db.close();
  });

  it('a garbage marker is ignored (full check), never a crash', () => {
    const file = history(tempDir(), 3);
    writeFileSync(`${file}.clean`, '{"v":1,"ino":');
    expect(open(file)).toEqual({ checked: 'full', recoveries: [] });
  });

  it('core.stop leaves the marker; a killed core does not', async () => {
    const dir = tempDir();
    const core = createCore({
      dataDir: dir,
      transport: 'web',
      appVersion: 'test',
      secrets: createMemorySecretStore(),
      preferences: createJsonPreferencesStore(dir),
    });
    await core.start();
    expect(existsSync(join(dir, 'atelier.db.clean'))).toBe(false);
    core.store.insert(makeTaskRecord());
    await core.stop();
    expect(existsSync(join(dir, 'atelier.db.clean'))).toBe(true);
    expect(open(join(dir, 'atelier.db')).checked).toBe('clean-stop');
  });
});
