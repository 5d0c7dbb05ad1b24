import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStore } from '../ports';
import { readJsonStore, writeJsonFile } from './json-file';
import { salvageStringRecord } from './salvage';
import { stampedRead } from './stamped-read';

/**
 * Web mode: keys in `<dataDir>/secrets.json`, readable by the owner only (0600). Plainly weaker than the OS
 * keychain the desktop app uses, and the UI says so.
 */
export function createFileSecretStore(dataDir: string): SecretStore {
  const path = join(dataDir, 'secrets.json');
  // An unreadable file is kept as `secrets.json.corrupt-<time>` before the next save (never overwritten).
  const read = stampedRead(path, (): Record<string, string> => readJsonStore(path, salvageStringRecord, {}));
  const write = (all: Record<string, string>): void => {
    writeJsonFile(path, all, 0o600);
    if (existsSync(path)) chmodSync(path, 0o600);
  };
  return {
    description: { kind: 'file-0600', note: 'Keys are stored in a file only your user can read (web mode).' },
    async get(id) {
      return read()[id] ?? null;
    },
    async set(id, key) {
      write({ ...read(), [id]: key });
    },
    async clear(id) {
      const { [id]: _cleared, ...rest } = read();
      write(rest);
    },
    async has(id) {
      return id in read();
    },
  };
}

/** Tests: keys in memory only. */
export function createMemorySecretStore(): SecretStore {
  const keys = new Map<string, string>();
  return {
    description: { kind: 'weak', note: 'In-memory (tests).' },
    async get(id) {
      return keys.get(id) ?? null;
    },
    async set(id, key) {
      keys.set(id, key);
    },
    async clear(id) {
      keys.delete(id);
    },
    async has(id) {
      return keys.has(id);
    },
  };
}
