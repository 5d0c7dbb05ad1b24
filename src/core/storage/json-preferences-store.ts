import { join } from 'node:path';
import { preferencesSchema, type Preferences } from '../../shared/domain/preferences';
import type { PreferencesStore } from '../ports';
import { readJsonFile, writeJsonFile } from './json-file';

/** Web-mode preferences: the same schema as the app's electron-store, in `<dataDir>/preferences.json`. */
export function createJsonPreferencesStore(dataDir: string): PreferencesStore {
  const path = join(dataDir, 'preferences.json');
  return {
    read(): Preferences {
      const parsed = preferencesSchema.safeParse(readJsonFile(path) ?? {});
      return parsed.success ? parsed.data : preferencesSchema.parse({});
    },
    write(next) {
      writeJsonFile(path, next);
    },
  };
}
