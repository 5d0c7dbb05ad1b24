import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Provenance } from '../../shared/domain/library';
import { fileSource } from './byte-source';
import { SETTINGS_LIMITS, type SettingsLimits } from './damaged';
import { readSettings } from './read-settings';

/**
 * Reads Atelier settings from the file at `path` with bounded reads (see {@link readSettings}). Opened
 * without blocking and checked to be a regular file first, so a FIFO or a device swapped in never hangs.
 */
export async function readSettingsFromFile(
  path: string,
  limits: SettingsLimits = SETTINGS_LIMITS,
): Promise<Provenance | null> {
  const fh = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await fh.stat()).isFile()) throw new Error('not a regular file');
    return await readSettings(await fileSource(fh), limits);
  } finally {
    await fh.close();
  }
}
