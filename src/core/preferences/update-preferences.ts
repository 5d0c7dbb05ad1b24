import { preferencesSchema, type Preferences, type PreferencesPatch } from '../../shared/domain/preferences';
import { assertWritableLibraryDir } from './library-dir';

/**
 * Merges a patch into the stored preferences and checks what the schema cannot: a changed library folder
 * must be an existing, writable folder apart from the data folder (an empty value means the default
 * `<dataDir>/library`).
 */
export function mergePreferences(
  current: Preferences,
  patch: PreferencesPatch,
  dataDir: string,
): Preferences {
  const trimmed = patch.libraryDir === undefined ? patch : { ...patch, libraryDir: patch.libraryDir.trim() };
  const next = preferencesSchema.parse({ ...current, ...trimmed });
  if (patch.libraryDir !== undefined && next.libraryDir !== '' && next.libraryDir !== current.libraryDir)
    assertWritableLibraryDir(next.libraryDir, dataDir);
  return next;
}
