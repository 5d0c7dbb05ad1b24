import type { TFunction } from 'i18next';
import { BridgeError } from '../../../../../shared/bridge/bridge-error';

/**
 * Why core refused to stage a file, in the user's language: core's message is English, so its code in
 * `fields.file` (`notMedia`, or `tooLarge` with `maxMb`) is translated; any other error keeps its message.
 */
export function refusedFileText(t: TFunction, name: string, e: unknown): string {
  const code = e instanceof BridgeError ? e.fields?.file : undefined;
  if (code === 'notMedia') return t('forms.media.refused.notMedia', { name });
  if (code === 'tooLarge') return t('forms.media.refused.tooLarge', { name, max: e instanceof BridgeError ? (e.fields?.maxMb ?? '?') : '?' });
  return e instanceof Error ? e.message : String(e);
}
