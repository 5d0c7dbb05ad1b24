import { describe, expect, it } from 'vitest';
import { preferencesSchema, type Preferences } from '../../shared/domain/preferences';
import type { PreferencesStore } from '../ports';
import { cachedPreferences } from './cached-preferences';

/** A store that counts its reads and normalises what it is given (as the file stores do). */
function countingStore(): PreferencesStore & { reads: number } {
  let stored: Preferences = preferencesSchema.parse({});
  const s = {
    reads: 0,
    read: () => {
      s.reads++;
      return structuredClone(stored);
    },
    write: (next: Preferences) => {
      stored = preferencesSchema.parse({
        ...next,
        maxRequestsInFlight: Math.min(next.maxRequestsInFlight, 10),
      });
    },
  };
  return s;
}

describe('cachedPreferences', () => {
  it('reads the store once, however often it is asked', () => {
    const store = countingStore();
    const prefs = cachedPreferences(store);
    for (let i = 0; i < 100; i++) prefs.read();
    expect(store.reads).toBe(1);
  });

  it('a write is seen at once, as the store normalised it', () => {
    const store = countingStore();
    const prefs = cachedPreferences(store);
    const before = prefs.read();
    prefs.write({ ...before, maxRequestsInFlight: 99 });
    expect(prefs.read().maxRequestsInFlight).toBe(10);
    expect(store.reads).toBe(2);
  });
});
