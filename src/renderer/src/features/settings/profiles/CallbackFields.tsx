import { useTranslation } from 'react-i18next';
import type { ProfileInput } from '../../../../../shared/domain/profile';

type Callbacks = ProfileInput['callbacks'];

/**
 * Callback settings, off by default, with the plain truth: a desktop behind a router cannot be reached by
 * the gateway unless the user runs a tunnel; polling always stays on, so callbacks only make results faster.
 */
export function CallbackFields({
  value,
  onChange,
}: {
  value: Callbacks;
  onChange: (next: Callbacks) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="settings-field">
      <legend className="settings-label">{t('settings.editor.callbacks')}</legend>
      <label className="settings-check">
        <input
          type="checkbox"
          data-testid="profile-callbacks"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        <span>{t('settings.editor.callbacksEnabled')}</span>
      </label>
      <p className="settings-hint">{t('settings.editor.callbacksExplain')}</p>
      {value.enabled && (
        <div className="settings-grid">
          <label className="settings-field">
            <span className="settings-label">{t('settings.editor.publicUrl')}</span>
            <input
              className="field-input mono"
              data-testid="profile-field-publicUrl"
              placeholder="https://my-tunnel.example.com"
              value={value.publicUrl}
              spellCheck={false}
              onChange={(e) => onChange({ ...value, publicUrl: e.target.value.trim() })}
            />
          </label>
          <label className="settings-field">
            <span className="settings-label">{t('settings.editor.localPort')}</span>
            <input
              className="field-input narrow"
              data-testid="profile-field-localPort"
              type="number"
              min={0}
              max={65535}
              value={value.localPort}
              onChange={(e) =>
                onChange({
                  ...value,
                  localPort: Math.max(0, Math.min(65535, Math.round(Number(e.target.value) || 0))),
                })
              }
            />
            <span className="settings-hint">{t('settings.editor.localPortHint')}</span>
          </label>
        </div>
      )}
    </fieldset>
  );
}
