import { join } from 'node:path';
import { safeStorage } from 'electron';
import { BridgeError } from '../shared/bridge/result';
import type { SecretStore } from '../core/ports';
import { readJsonStore, writeJsonFile } from '../core/storage/json-file';
import { salvageStringRecord } from '../core/storage/salvage';

/**
 * Keys encrypted with Electron's safeStorage (the async API: the sync one is deprecated in our pinned
 * Electron 45), ciphertext base64 in `<dataDir>/secrets.json` (0600). On Linux without a secret service,
 * safeStorage falls back to a hard-coded password (`basic_text`): we then refuse to store unless the user
 * accepted weak storage in the UI. Encryption failing is fatal for that key (fail closed, never plaintext).
 * Must be created after app `ready` (the backend is "unknown" before).
 */
export function createSafeStorageSecrets(dataDir: string): SecretStore {
  const path = join(dataDir, 'secrets.json');
  const weak = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  // An unreadable file is kept as `secrets.json.corrupt-<time>` before the next save (never overwritten).
  const read = (): Record<string, string> => readJsonStore(path, salvageStringRecord, {});
  const write = (all: Record<string, string>): void => writeJsonFile(path, all, 0o600);
  const encrypt = async (key: string): Promise<string> => {
    if (!(await safeStorage.isAsyncEncryptionAvailable()))
      throw new BridgeError(
        'forbidden',
        'The system cannot encrypt the key right now, so it was not stored.',
      );
    return (await safeStorage.encryptStringAsync(key)).toString('base64');
  };
  return {
    description: weak
      ? {
          kind: 'weak',
          note: 'No system keyring was found: keys can only be obfuscated on disk. You will be asked before one is stored.',
        }
      : { kind: 'os-keychain', note: 'Keys are encrypted with the system keychain.' },
    async get(id) {
      const cipher = read()[id];
      if (!cipher) return null;
      let plain: { result: string; shouldReEncrypt: boolean };
      try {
        plain = await safeStorage.decryptStringAsync(Buffer.from(cipher, 'base64'));
      } catch {
        return null; // Unreadable (keyring changed): the UI shows "no key", the user enters it again.
      }
      // The OS rotated its key or a stronger one is available: store ours again under it (best effort).
      if (plain.shouldReEncrypt)
        await encrypt(plain.result).then(
          (c) => write({ ...read(), [id]: c }),
          () => undefined,
        );
      return plain.result;
    },
    async set(id, key, options) {
      if (weak && !options?.acceptWeak)
        throw new BridgeError(
          'conflict',
          'No system keyring is available, so the key would be stored weakly. Confirm to store it anyway.',
        );
      write({ ...read(), [id]: await encrypt(key) });
    },
    async clear(id) {
      const all = read();
      delete all[id];
      write(all);
    },
    async has(id) {
      return id in read();
    },
  };
}
