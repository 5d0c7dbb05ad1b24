import { BridgeError } from '../../shared/bridge/result';
import type { InspectedFile, Provenance } from '../../shared/domain/library';
import { isDamagedSettings } from '../provenance/damaged';
import { readSettingsOffThread, type OffThreadOptions } from '../provenance/off-thread';

/** The field the renderer reads to show its own (translated) "damaged settings" message. */
export const DAMAGED_SETTINGS_FIELD = { file: 'damagedSettings' } as const;

/**
 * `inspectInput`: the Atelier settings embedded in a staged file, read with bounded reads and, for a large
 * file, in a worker thread, so other bridge calls keep answering meanwhile. Damaged settings (too deep,
 * too large, broken characters, too slow) answer a clear `invalid_input`, never `internal`.
 */
export async function inspectStagedFile(
  path: string,
  describe: (p: Provenance | null) => InspectedFile,
  options?: OffThreadOptions,
): Promise<InspectedFile> {
  let provenance: Provenance | null;
  try {
    provenance = await readSettingsOffThread(path, options);
  } catch (e) {
    if (isDamagedSettings(e)) throw new BridgeError('invalid_input', e.message, { ...DAMAGED_SETTINGS_FIELD });
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BridgeError('not_found', 'This file is no longer staged.');
    throw e;
  }
  return describe(provenance);
}
