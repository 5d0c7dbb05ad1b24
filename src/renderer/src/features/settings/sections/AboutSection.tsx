import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../../bridge/queries';
import { KeyStorageNote } from '../profiles/KeyStorageNote';

/** Version, folders, and how keys are stored here. */
export function AboutSection() {
  const { t } = useTranslation();
  const info = useAppInfo().data;
  return (
    <section className="settings-section" data-testid="settings-about">
      <h3>{t('settings.about')}</h3>
      <p>
        {info
          ? t('settings.version', {
              version: info.version,
              transport: t(`settings.transport.${info.transport}`),
            })
          : '…'}
      </p>
      <p className="settings-path">
        <span className="muted">{t('settings.dataDir')}</span> <code>{info?.dataDir}</code>
      </p>
      <p className="settings-path">
        <span className="muted">{t('settings.libraryDir')}</span> <code>{info?.libraryDir}</code>
      </p>
      <h3 className="settings-subhead">{t('settings.keys')}</h3>
      <KeyStorageNote />
      <p className="settings-hint">{t('settings.keysNeverShown')}</p>
    </section>
  );
}
