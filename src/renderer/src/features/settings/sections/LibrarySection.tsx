import { useTranslation } from 'react-i18next';
import { ConcurrencyFields } from './ConcurrencyFields';
import { FileNamePattern } from './FileNamePattern';
import { LibraryFolderField } from './LibraryFolderField';

/** Where results go, what they are called, and how much runs at once. */
export function LibrarySection() {
  const { t } = useTranslation();
  return (
    <>
      <section className="settings-section" data-testid="settings-library">
        <h3>{t('settings.library.heading')}</h3>
        <LibraryFolderField />
        <FileNamePattern />
      </section>
      <section className="settings-section">
        <h3>{t('settings.performance.heading')}</h3>
        <ConcurrencyFields />
      </section>
    </>
  );
}
