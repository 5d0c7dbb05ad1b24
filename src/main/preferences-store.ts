import Store from 'electron-store';
import { defaultPreferences, preferencesSchema, type Preferences } from '../shared/domain/preferences';
import type { PreferencesStore } from '../core/ports';

/** Preferences in electron-store, parsed with the shared schema on every read (a hand-edited file cannot break us). */
export function createElectronPreferencesStore(cwd: string): PreferencesStore {
  const store = new Store<{ preferences: Preferences }>({ cwd, name: 'preferences', defaults: { preferences: defaultPreferences } });
  return {
    read() {
      const parsed = preferencesSchema.safeParse(store.get('preferences'));
      return parsed.success ? parsed.data : defaultPreferences;
    },
    write(next) {
      store.set('preferences', next);
    },
  };
}
