import type { Preferences } from '../../shared/domain/preferences';
import type { PreferencesStore } from '../ports';

/**
 * The preferences read once and kept: the engine asks for them on every poll, submission and download
 * (request caps, file names), and the stores behind this port read and validate a file each time. Every
 * change goes through {@link PreferencesStore.write} here, which drops the copy, so the next read is the
 * stored value again (exactly as the store normalises it).
 */
export function cachedPreferences(store: PreferencesStore): PreferencesStore {
  let cached: Preferences | null = null;
  return {
    read: () => (cached ??= store.read()),
    write(next) {
      cached = null;
      store.write(next);
    },
  };
}
