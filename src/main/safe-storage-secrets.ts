import { join } from 'node:path';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { BridgeError } from '../shared/bridge/result';
import type { SecretStore } from '../core/ports';
import { readJsonFile, writeJsonFile } from '../core/storage/json-file';

const fileSchema = z.record(z.string(), z.string());

/**
 * Keys encrypted with Electron's safeStorage (async API), ciphertext base64 in `<dataDir>/secrets.json`
 * (0600). On Linux without a secret service, safeStorage falls back to a hard-coded password
 * (`basic_text`): we then refuse to store unless the user accepted weak storage in the UI.
 */
export function createSafeStorageSecrets(dataDir: string): SecretStore {
  const path = join(dataDir, 'secrets.json');
  const weak = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  const read = (): Record<string, string> => {
    const parsed = fileSchema.safeParse(readJsonFile(path) ?? {});
    return parsed.success ? parsed.data : {};
  };
  return {
    description: weak
      ? { kind: 'weak', note: 'No system keyring was found: keys can only be obfuscated on disk. You will be asked before one is stored.' }
      : { kind: 'os-keychain', note: 'Keys are encrypted with the system keychain.' },
    async get(id) {
      const cipher = read()[id];
      if (!cipher) return null;
      try {
        return (await safeStorage.decryptStringAsync(Buffer.from(cipher, 'base64'))).result;
      } catch {
        return null; // Unreadable (keyring changed): the UI shows "no key", the user enters it again.
      }
    },
    async set(id, key, options) {
      if (weak && !options?.acceptWeak)
        throw new BridgeError('conflict', 'No system keyring is available, so the key would be stored weakly. Confirm to store it anyway.');
      const cipher = await safeStorage.encryptStringAsync(key);
      writeJsonFile(path, { ...read(), [id]: cipher.toString('base64') }, 0o600);
    },
    async clear(id) {
      const all = read();
      delete all[id];
      writeJsonFile(path, all, 0o600);
    },
    async has(id) {
      return id in read();
    },
  };
}
