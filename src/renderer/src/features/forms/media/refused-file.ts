import type { TFunction } from 'i18next';
import { BridgeError } from '../../../../../shared/bridge/bridge-error';

/**
 * Why core (or the web host) refused to stage a file, in the user's language, from the code in
 * `fields.file`: `notMedia`, `tooLarge` (with `maxMb`), or `uploadFailed` (with the HTTP `status` of an
 * upload answered without a reply). Null when the error carries no code we know: its message is English.
 */
export function refusalText(t: TFunction, name: string, e: unknown): string | null {
  const fields = e instanceof BridgeError ? e.fields : undefined;
  const code = fields?.file;
  if (code === 'notMedia') return t('forms.media.refused.notMedia', { name });
  if (code === 'tooLarge') return t('forms.media.refused.tooLarge', { name, max: fields?.maxMb ?? '?' });
  if (code === 'uploadFailed') return t('forms.media.refused.uploadFailed', { status: fields?.status ?? '?' });
  return null;
}

/** Why a file could not be staged: the refusal by its code, else a plain "try again" (never core's English). */
export function refusedFileText(t: TFunction, name: string, e: unknown): string {
  return refusalText(t, name, e) ?? t('forms.media.refused.failed');
}
