import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../../../../shared/bridge/result';

/**
 * Turns an error from a bridge call into a sentence in the user's language: a known field code first
 * (e.g. `fields.libraryDir = notWritable`), else the error code. Core's English text is never shown.
 */
export function useSettingsError(): (error: unknown, field?: string) => string | null {
  const { t } = useTranslation();
  return (error, field) => {
    if (!error) return null;
    if (error instanceof BridgeError) {
      const fieldCode = field ? error.fields?.[field] : undefined;
      if (field && fieldCode)
        return t(`settings.fieldErrors.${field}.${fieldCode}`, {
          defaultValue: t(`settings.errors.${error.code}`),
        });
      return t(`settings.errors.${error.code}`);
    }
    return t('settings.errors.internal');
  };
}
