import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Store from 'electron-store';
import { defaultPreferences, preferencesSchema, type Preferences } from '../shared/domain/preferences';
import type { PreferencesStore } from '../core/ports';
import { corruptReportsUnder, readJsonStore } from '../core/storage/json-file';

type PrefsFile = { preferences: Preferences };

const open = (cwd: string): Store<PrefsFile> =>
  new Store<PrefsFile>({ cwd, name: 'preferences', defaults: { preferences: defaultPreferences } });

/**
 * Preferences in electron-store, parsed with the shared schema on every read (a hand-edited value cannot
 * break us). A file electron-store cannot read at all (not JSON) makes its constructor throw: that file is
 * moved aside to `preferences.json.corrupt-<time>` by core's JSON store reader (which also reports it, so
 * core raises its notice), the app starts on defaults, and `movedAside` names the copy so main says so once.
 */
export function createElectronPreferencesStore(cwd: string): {
  store: PreferencesStore;
  movedAside: string | null;
} {
  let store: Store<PrefsFile>;
  let movedAside: string | null = null;
  try {
    store = open(cwd);
  } catch (error) {
    const file = join(cwd, 'preferences.json');
    if (!existsSync(file)) throw error;
    readJsonStore(file, () => null, null); // nothing salvageable: kept aside and reported
    if (existsSync(file)) throw error; // could not even be moved: starting would overwrite it
    movedAside = corruptReportsUnder(cwd).findLast((r) => r.path === file)?.savedAs ?? null;
    store = open(cwd);
  }
  return {
    movedAside,
    store: {
      read() {
        const parsed = preferencesSchema.safeParse(store.get('preferences'));
        return parsed.success ? parsed.data : defaultPreferences;
      },
      write(next) {
        store.set('preferences', next);
      },
    },
  };
}
