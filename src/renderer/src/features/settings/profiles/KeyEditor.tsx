import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../../../../shared/bridge/result';
import type { Profile } from '../../../../../shared/domain/profile';
import { useProfileActions } from '../hooks/use-profile-actions';
import { useSettingsError } from '../hooks/use-settings-error';

/**
 * Set, replace or clear a profile's key. The key goes in and never comes back: the field starts empty and
 * is emptied after saving. Where only weak storage exists (Linux without a keyring), core answers
 * `conflict`; the user is asked, and only then is the key sent again with `acceptWeakStorage`.
 */
export function KeyEditor({ profile, onChanged }: { profile: Profile; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { setKey, clearKey } = useProfileActions();
  const errorText = useSettingsError();
  const [open, setOpen] = useState(false);
  const [key, setKeyText] = useState('');
  const [askWeak, setAskWeak] = useState(false);
  const [saved, setSaved] = useState<'set' | 'cleared' | null>(null);
  const submit = (acceptWeakStorage: boolean) => {
    setKeyText((k) => k.trim());
    setKey.mutate(
      { id: profile.id, key: key.trim(), acceptWeakStorage },
      {
        onSuccess: () => {
          setKeyText('');
          setOpen(false);
          setAskWeak(false);
          setSaved('set');
          onChanged?.();
        },
        onError: (e) => setAskWeak(e instanceof BridgeError && e.code === 'conflict'),
      },
    );
  };
  const error = askWeak ? null : errorText(setKey.error ?? clearKey.error, 'key');
  if (!open)
    return (
      <div className="key-editor">
        <button className="btn" data-testid="key-open" onClick={() => (setOpen(true), setSaved(null))}>
          {profile.hasKey ? t('settings.key.replace') : t('settings.key.setButton')}
        </button>
        {profile.hasKey && (
          <button
            className="btn btn-ghost"
            data-testid="key-clear"
            onClick={() =>
              clearKey.mutate(profile.id, {
                onSuccess: () => {
                  setSaved('cleared');
                  onChanged?.();
                },
              })
            }
          >
            {t('settings.key.clear')}
          </button>
        )}
        {saved && (
          <span className="test-result ok" role="status" data-testid="key-saved">
            {t(saved === 'set' ? 'settings.key.saved' : 'settings.key.cleared')}
          </span>
        )}
        {error && <span className="settings-error">{error}</span>}
      </div>
    );
  return (
    <form
      className="key-editor open"
      onSubmit={(e) => {
        e.preventDefault();
        if (key.trim()) submit(false);
      }}
    >
      <input
        className="field-input mono"
        data-testid="key-input"
        type="password"
        autoComplete="off"
        spellCheck={false}
        aria-label={t('settings.key.label')}
        placeholder={t('settings.key.placeholder')}
        value={key}
        onChange={(e) => setKeyText(e.target.value)}
        autoFocus
      />
      <button
        className="btn btn-primary"
        type="submit"
        data-testid="key-save"
        disabled={!key.trim() || setKey.isPending}
      >
        {t('settings.save')}
      </button>
      <button
        className="btn btn-ghost"
        type="button"
        onClick={() => (setOpen(false), setKeyText(''), setAskWeak(false))}
      >
        {t('settings.cancel')}
      </button>
      {askWeak && (
        <div className="settings-confirm warn" role="alertdialog" data-testid="key-weak-confirm">
          <strong>{t('settings.key.weakTitle')}</strong>
          <p>{t('settings.key.weakBody')}</p>
          <div className="settings-inline">
            <button className="btn" type="button" onClick={() => setAskWeak(false)}>
              {t('settings.cancel')}
            </button>
            <button
              className="btn btn-danger"
              type="button"
              data-testid="key-weak-accept"
              onClick={() => submit(true)}
            >
              {t('settings.key.weakAccept')}
            </button>
          </div>
        </div>
      )}
      {error && <p className="settings-error">{error}</p>}
    </form>
  );
}
