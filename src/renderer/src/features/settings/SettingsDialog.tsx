import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo, usePreferences, useUpdatePreferences } from '../../bridge/queries';
import { useUiStore } from '../../state/ui-store';
import './settings.css';

/** Settings: appearance and about (gateway profiles and keys arrive with the settings feature). */
export function SettingsDialog() {
  const { t } = useTranslation();
  const close = () => useUiStore.getState().setSettingsOpen(false);
  const prefs = usePreferences().data;
  const info = useAppInfo().data;
  const update = useUpdatePreferences();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="modal settings" role="dialog" aria-modal="true" aria-labelledby="settings-title" data-testid="settings">
        <header className="modal-header">
          <h2 id="settings-title">{t('settings.title')}</h2>
          <button className="icon-btn" aria-label={t('settings.close')} onClick={close}>
            <X size={18} />
          </button>
        </header>
        <section className="settings-section">
          <h3>{t('settings.appearance')}</h3>
          <label className="settings-row">
            <span>{t('settings.theme')}</span>
            <select className="field-input" value={prefs?.theme ?? 'system'} onChange={(e) => update.mutate({ theme: e.target.value as 'light' | 'dark' | 'system' })}>
              {(['system', 'light', 'dark'] as const).map((v) => (
                <option key={v} value={v}>
                  {t(`settings.theme_${v}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="settings-row">
            <span>{t('settings.language')}</span>
            <select className="field-input" data-testid="language" value={prefs?.language ?? 'en'} onChange={(e) => update.mutate({ language: e.target.value as 'en' | 'zh-CN' })}>
              <option value="en">English</option>
              <option value="zh-CN">简体中文</option>
            </select>
          </label>
        </section>
        <section className="settings-section">
          <h3>{t('settings.about')}</h3>
          <p className="muted">{info ? t('settings.version', { version: info.version, transport: info.transport }) : '…'}</p>
          <p className="settings-path">
            <span className="muted">{t('settings.dataDir')}</span> <code>{info?.dataDir}</code>
          </p>
          <p className="settings-path">
            <span className="muted">{t('settings.libraryDir')}</span> <code>{info?.libraryDir}</code>
          </p>
          <p className="muted">{info?.secretStorage.note}</p>
        </section>
      </div>
    </div>
  );
}
