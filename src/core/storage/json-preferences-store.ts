import { join } from 'node:path';
import { preferencesSchema, type Preferences } from '../../shared/domain/preferences';
import type { PreferencesStore } from '../ports';
import { readJsonStore, writeJsonFile } from './json-file';
import { salvageObject } from './salvage';

/** Web-mode preferences: the same schema as the app's electron-store, in `<dataDir>/preferences.json`. */
export function createJsonPreferencesStore(dataDir: string): PreferencesStore {
  const path = join(dataDir, 'preferences.json');
  return {
    read(): Preferences {
      // A bad value drops only its own key (back to its default); the file is kept aside and reported.
      return readJsonStore(path, (raw) => salvageObject(preferencesSchema, raw), preferencesSchema.parse({}));
    },
    write(next) {
      writeJsonFile(path, next);
    },
  };
}
