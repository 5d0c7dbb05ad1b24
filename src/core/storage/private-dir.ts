import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes the data folder private to this user: the folder (and its app-made subfolders) 0700, the files in it
 * 0600, including the database, created empty with 0600 before SQLite opens it (SQLite gives its WAL and
 * shared-memory files the database file's permissions). Windows ignores these bits; its profile folder is
 * already private.
 */
export function makePrivateDataDir(dataDir: string, dbFile: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  chmodSync(dataDir, 0o700);
  closeSync(openSync(join(dataDir, dbFile), 'a', 0o600));
  for (const name of readdirSync(dataDir)) {
    const path = join(dataDir, name);
    try {
      const st = statSync(path);
      if ((st.mode & 0o077) === 0) continue;
      chmodSync(path, st.isDirectory() ? 0o700 : 0o600);
    } catch {
      // A file that vanished or is not ours to change: leave it.
    }
  }
}
