import { useTranslation } from 'react-i18next';
import { isPlainHttpRemote, type Profile, type ProfileInput } from '../../../../../shared/domain/profile';

/** True when saving `draft` would clear `profile`'s key (core clears it when the base URL or header changes). */
export function keyWouldClear(profile: Profile | null, draft: ProfileInput): boolean {
  if (!profile?.hasKey) return false;
  const trim = (u: string) => u.replace(/\/+$/, '');
  return (
    trim(profile.baseUrl) !== trim(draft.baseUrl) ||
    profile.gatewayAuthHeader.toLowerCase() !== draft.gatewayAuthHeader.toLowerCase()
  );
}

/**
 * A key belongs to one gateway address and header: when the draft changes either, say the saved key will be
 * removed and offer to enter it again in this same save. Also warns when the key would travel over plain
 * http:// to another machine.
 */
export function KeyOriginFields({
  profile,
  draft,
  keyText,
  onKeyText,
}: {
  profile: Profile | null;
  draft: ProfileInput;
  keyText: string;
  onKeyText: (k: string) => void;
}) {
  const { t } = useTranslation();
  const clears = keyWouldClear(profile, draft);
  return (
    <>
      {isPlainHttpRemote(draft.baseUrl) && (
        <p className="settings-note warn" data-testid="profile-plain-http">
          {t('settings.editor.plainHttp')}
        </p>
      )}
      {!profile && (
        <label className="settings-field">
          <span className="settings-label">{t('settings.key.label')}</span>
          <input
            className="field-input mono"
            data-testid="profile-field-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('settings.key.placeholder')}
            value={keyText}
            onChange={(e) => onKeyText(e.target.value)}
          />
          <span className="settings-hint">{t('settings.editor.newKeyHint')}</span>
        </label>
      )}
      {clears && (
        <label className="settings-field">
          <span className="settings-note warn" data-testid="profile-key-clears">
            {t('settings.editor.keyClears')}
          </span>
          <input
            className="field-input mono"
            data-testid="profile-field-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-label={t('settings.editor.keyAgain')}
            placeholder={t('settings.editor.keyAgain')}
            value={keyText}
            onChange={(e) => onKeyText(e.target.value)}
          />
        </label>
      )}
    </>
  );
}
