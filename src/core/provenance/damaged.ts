/**
 * A file whose Atelier settings are there but cannot be read safely: nested too deep, too large, too many
 * values, broken characters, or a container too unusual to walk within the bounds. Readers throw this typed
 * error (never a RangeError from deep in JSON or String.fromCodePoint), so the inspect path can answer a
 * clear message and the import-folder scan can skip the file and name it.
 */
export const DAMAGE_REASONS = [
  'too-deep',
  'too-large',
  'too-many-values',
  'bad-text',
  'too-slow',
  'too-much-memory',
] as const;
export type DamageReason = (typeof DAMAGE_REASONS)[number];

const WHY: Record<DamageReason, string> = {
  'too-deep': 'they are nested too deeply',
  'too-large': 'they are too large',
  'too-many-values': 'they hold too many values',
  'bad-text': 'they contain characters that are not valid text',
  'too-slow': 'reading them took too long',
  'too-much-memory': 'reading them needed too much memory',
};

export class DamagedSettingsError extends Error {
  constructor(readonly reason: DamageReason) {
    super(`This file's Atelier settings are damaged: ${WHY[reason]}.`);
    this.name = 'DamagedSettingsError';
  }
}

export const isDamagedSettings = (e: unknown): e is DamagedSettingsError => e instanceof DamagedSettingsError;

/** Bounds every reader keeps, whatever the file says about itself. */
export interface SettingsLimits {
  readonly maxBytes: number;
  readonly maxDepth: number;
  readonly maxValues: number;
  readonly maxParts: number;
}

export const SETTINGS_LIMITS: SettingsLimits = {
  /** Largest settings text (and largest metadata chunk or box read to find it). */
  maxBytes: 4 * 1024 * 1024,
  /** Deepest nesting of arrays and objects in the settings JSON. */
  maxDepth: 64,
  /** Most values (keys, strings, numbers, arrays, objects) in the settings JSON. */
  maxValues: 100_000,
  /** Most chunks, segments or top-level boxes walked in one file. */
  maxParts: 100_000,
};
