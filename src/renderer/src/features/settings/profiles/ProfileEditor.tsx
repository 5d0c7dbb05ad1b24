import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileInputSchema, type Profile, type ProfileInput } from '../../../../../shared/domain/profile';
import { useProfileActions } from '../hooks/use-profile-actions';
import { useSettingsError } from '../hooks/use-settings-error';
import { CallbackFields } from './CallbackFields';
import { KeyOriginFields, keyWouldClear } from './KeyOriginFields';
import { DEFAULT_PROVENANCE, ProvenanceFields } from '../../library';

const BLANK: Omit<ProfileInput, 'id'> = {
  name: '',
  baseUrl: 'https://',
  vendor: 'vendora',
  gatewayAuthHeader: 'Authorization',
  callbacks: { enabled: false, publicUrl: '', localPort: 0 },
};

const newId = (): string => `gw-${crypto.randomUUID().slice(0, 8)}`;

/** Add or edit a gateway profile. Validated here with the shared schema for feedback, and again in core. */
export function ProfileEditor({ profile, onDone }: { profile: Profile | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { save } = useProfileActions();
  const errorText = useSettingsError();
  const [draft, setDraft] = useState<ProfileInput>(() =>
    profile
      ? {
          id: profile.id,
          name: profile.name,
          baseUrl: profile.baseUrl,
          vendor: profile.vendor,
          gatewayAuthHeader: profile.gatewayAuthHeader,
          callbacks: profile.callbacks,
          provenance: profile.provenance ?? DEFAULT_PROVENANCE,
        }
      : { id: newId(), ...BLANK },
  );
  const [touched, setTouched] = useState(false);
  const [keyText, setKeyText] = useState('');
  const customHeader = draft.gatewayAuthHeader.toLowerCase() !== 'authorization';
  const parsed = profileInputSchema.safeParse(draft);
  const issues = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  const set = <K extends keyof ProfileInput>(k: K, v: ProfileInput[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const fieldError = (name: string) =>
    touched && issues.has(name) ? (
      <p className="settings-error">{t(`settings.editor.invalid.${name}`)}</p>
    ) : null;
  const submit = () => {
    setTouched(true);
    const key = (!profile || keyWouldClear(profile, draft)) && keyText.trim() ? { key: keyText.trim() } : {};
    if (parsed.success) save.mutate({ ...parsed.data, ...key }, { onSuccess: onDone });
  };
  return (
    <form
      className="profile-editor"
      data-testid="profile-editor"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4>{profile ? t('settings.editor.editTitle') : t('settings.editor.newTitle')}</h4>
      <label className="settings-field">
        <span className="settings-label">{t('settings.editor.name')}</span>
        <input
          className="field-input"
          data-testid="profile-field-name"
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          autoFocus
        />
        {fieldError('name')}
      </label>
      <label className="settings-field">
        <span className="settings-label">{t('settings.editor.baseUrl')}</span>
        <input
          className="field-input mono"
          data-testid="profile-field-baseUrl"
          value={draft.baseUrl}
          spellCheck={false}
          onChange={(e) => set('baseUrl', e.target.value.trim())}
        />
        <span className="settings-hint">{t('settings.editor.baseUrlHint')}</span>
        {fieldError('baseUrl')}
      </label>
      <label className="settings-field">
        <span className="settings-label">{t('settings.editor.vendor')}</span>
        <input
          className="field-input mono"
          data-testid="profile-field-vendor"
          value={draft.vendor}
          spellCheck={false}
          onChange={(e) => set('vendor', e.target.value.trim())}
        />
        <span className="settings-hint">
          {t('settings.editor.vendorHint', { vendor: draft.vendor || 'vendora' })}
        </span>
        {fieldError('vendor')}
      </label>
      <fieldset className="settings-field">
        <legend className="settings-label">{t('settings.editor.authHeader')}</legend>
        <label className="settings-check">
          <input
            type="radio"
            name="auth"
            data-testid="profile-auth-bearer"
            checked={!customHeader}
            onChange={() => set('gatewayAuthHeader', 'Authorization')}
          />
          <span>{t('settings.editor.authBearer')}</span>
        </label>
        <label className="settings-check">
          <input
            type="radio"
            name="auth"
            data-testid="profile-auth-custom"
            checked={customHeader}
            onChange={() => set('gatewayAuthHeader', customHeader ? draft.gatewayAuthHeader : 'X-Api-Key')}
          />
          <span>{t('settings.editor.authCustom')}</span>
        </label>
        {customHeader && (
          <input
            className="field-input mono narrow-wide"
            data-testid="profile-field-header"
            aria-label={t('settings.editor.authHeaderName')}
            value={draft.gatewayAuthHeader}
            spellCheck={false}
            onChange={(e) => set('gatewayAuthHeader', e.target.value.trim())}
          />
        )}
        <span className="settings-hint">{t('settings.editor.authHint')}</span>
        {fieldError('gatewayAuthHeader')}
      </fieldset>
      <KeyOriginFields profile={profile} draft={draft} keyText={keyText} onKeyText={setKeyText} />
      <CallbackFields value={draft.callbacks} onChange={(c) => set('callbacks', c)} />
      {fieldError('callbacks')}
      <ProvenanceFields value={draft.provenance} onChange={(p) => set('provenance', p)} />
      {save.error && <p className="settings-error">{errorText(save.error)}</p>}
      <div className="settings-inline end">
        <button className="btn btn-ghost" type="button" onClick={onDone}>
          {t('settings.cancel')}
        </button>
        <button
          className="btn btn-primary"
          type="submit"
          data-testid="profile-save"
          disabled={save.isPending}
        >
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}
