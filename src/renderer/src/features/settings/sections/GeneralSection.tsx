import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '../../../../../shared/domain/preferences';
import { useBridge } from '../../../bridge/bridge-context';
import { usePreferences, useUpdatePreferences } from '../../../bridge/queries';
import { ChipGroup } from '../../forms';

const THEMES: readonly Preferences['theme'][] = ['system', 'light', 'dark'];
const LANGUAGES: readonly { value: Preferences['language']; name: string }[] = [
  { value: 'en', name: 'English' },
  { value: 'zh-CN', name: '简体中文' },
];

/** Appearance, language and notifications: the app's own chips, no native selects. */
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
        <div className="settings-row">
          <span>{t('settings.theme')}</span>
          <ChipGroup
            testId="theme"
            label={t('settings.theme')}
            value={prefs?.theme ?? 'system'}
            onChange={(v) => update.mutate({ theme: v as Preferences['theme'] })}
            chips={THEMES.map((v) => ({ value: v, label: t(`settings.theme_${v}`) }))}
          />
        </div>
        <div className="settings-row">
          <span>{t('settings.language')}</span>
          {/* Each language is named in itself, so anyone can find their way back. */}
          <ChipGroup
            testId="language"
            label={t('settings.language')}
            value={prefs?.language ?? 'en'}
            onChange={(v) => update.mutate({ language: v as Preferences['language'] })}
            chips={LANGUAGES.map((l) => ({
              value: l.value,
              // Named in itself on purpose: the translation checks skip it.
              label: (
                <span lang={l.value} data-i18n-ignore>
                  {l.name}
                </span>
              ),
            }))}
          />
        </div>
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
