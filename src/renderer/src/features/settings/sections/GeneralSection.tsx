import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../../../shared/domain/preferences';
import { useBridge } from '../../../bridge/bridge-context';
import { usePreferences, useUpdatePreferences } from '../../../bridge/queries';

const THEMES: readonly Preferences['theme'][] = ['system', 'light', 'dark'];

/** Appearance, language and notifications. The theme select comes first (the shell e2e relies on it). */
export function GeneralSection() {
  const { t } = useTranslation();
  const prefs = usePreferences().data;
  const update = useUpdatePreferences();
  const web = useBridge().transport === 'web';
  // A checkbox must flip at once; core's answer (or a preferencesChanged event) then confirms it.
  const [notify, setNotify] = useState(prefs?.notifications ?? false);
  useEffect(() => setNotify(prefs?.notifications ?? false), [prefs?.notifications]);
  return (
    <>
      <section className="settings-section">
        <h3>{t('settings.appearance')}</h3>
        <label className="settings-row">
          <span>{t('settings.theme')}</span>
          <select
            className="field-input"
            data-testid="theme"
            value={prefs?.theme ?? 'system'}
            onChange={(e) => update.mutate({ theme: e.target.value as Preferences['theme'] })}
          >
            {THEMES.map((v) => (
              <option key={v} value={v}>
                {t(`settings.theme_${v}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="settings-row">
          <span>{t('settings.language')}</span>
          {/* Each language is named in itself, so anyone can find their way back. */}
          <select
            className="field-input"
            data-testid="language"
            value={prefs?.language ?? 'en'}
            onChange={(e) => update.mutate({ language: e.target.value as Preferences['language'] })}
          >
            <option value="en" lang="en">
              English
            </option>
            <option value="zh-CN" lang="zh-CN">
              简体中文
            </option>
          </select>
        </label>
      </section>
      <section className="settings-section">
        <h3>{t('settings.notifications')}</h3>
        <label className="settings-check">
          <input
            type="checkbox"
            data-testid="notifications"
            checked={notify}
            onChange={(e) => {
              setNotify(e.target.checked);
              update.mutate({ notifications: e.target.checked });
            }}
          />
          <span>{t('settings.notificationsLabel')}</span>
        </label>
        <p className="settings-hint">
          {t(web ? 'settings.notificationsHintWeb' : 'settings.notificationsHint')}
        </p>
      </section>
    </>
  );
}
