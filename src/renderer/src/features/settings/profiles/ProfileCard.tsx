import { Check, KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionOutcome, Profile } from '../../../../../shared/domain/profile';
import { useConnection } from '../../../bridge/queries';
import { useProfileActions } from '../hooks/use-profile-actions';
import { useSettingsError } from '../hooks/use-settings-error';
import { ConnectionTest } from './ConnectionTest';
import { KeyEditor } from './KeyEditor';
import { Tip } from '../../../ui/primitives';

/** One gateway in the list: what it is, whether it has a key (never the key), and what can be done with it. */
export function ProfileCard({
  profile,
  active,
  onEdit,
}: {
  profile: Profile;
  active: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const actions = useProfileActions();
  const errorText = useSettingsError();
  const [confirming, setConfirming] = useState(false);
  // The last test of this card, forgotten when the key changes (the card then tests afresh).
  const [tested, setTested] = useState<ConnectionOutcome | null>(null);
  const [keyGeneration, setKeyGeneration] = useState(0);
  const health = useConnection().data;
  const refused =
    profile.hasKey &&
    (tested === 'refused' || (active && tested === null && health?.health === 'keyRefused'));
  const error = errorText(actions.select.error ?? actions.remove.error);
  return (
    <li className={`profile-card${active ? ' active' : ''}`} data-testid={`profile-${profile.id}`}>
      <div className="profile-head">
        <div className="profile-title">
          <strong data-testid="profile-name">{profile.demo ? t('connection.demo') : profile.name}</strong>
          {profile.demo && <span className="pill badge-demo">{t('settings.gateways.demoBadge')}</span>}
          {active && (
            <span className="pill profile-active" data-testid="profile-active">
              <Check size={13} /> {t('settings.gateways.active')}
            </span>
          )}
        </div>
        <div className="profile-actions">
          {!active && (
            <button
              className="btn"
              data-testid="profile-use"
              onClick={() => actions.select.mutate(profile.id)}
            >
              {t('settings.gateways.use')}
            </button>
          )}
          {!profile.demo && (
            <>
              <Tip label={t('settings.gateways.edit')}>
                <button
                  className="icon-btn"
                  aria-label={t('settings.gateways.edit')}
                  data-testid="profile-edit"
                  onClick={onEdit}
                >
                  <Pencil size={15} />
                </button>
              </Tip>
              <Tip label={t('settings.gateways.delete')}>
                <button
                  className="icon-btn"
                  aria-label={t('settings.gateways.delete')}
                  data-testid="profile-delete"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 size={15} />
                </button>
              </Tip>
            </>
          )}
        </div>
      </div>
      <dl className="profile-facts">
        <dt>{t('settings.editor.baseUrl')}</dt>
        <dd>{profile.demo ? t('settings.gateways.demoUrl') : <code>{profile.baseUrl}</code>}</dd>
        <dt>{t('settings.editor.vendor')}</dt>
        <dd>
          <code>{profile.vendor}</code>
        </dd>
        <dt>{t('settings.key.label')}</dt>
        <dd
          className={refused ? 'bad' : profile.hasKey ? 'ok' : 'warn'}
          data-testid="profile-key-state"
          data-refused={refused || undefined}
        >
          <KeyRound size={13} aria-hidden />{' '}
          {profile.demo
            ? t('settings.key.builtIn')
            : refused
              ? t('settings.key.refused')
              : profile.hasKey
                ? t('settings.key.set')
                : t('settings.key.none')}
        </dd>
      </dl>
      {!profile.demo && (
        <KeyEditor
          profile={profile}
          onChanged={() => {
            setTested(null);
            setKeyGeneration((g) => g + 1);
          }}
        />
      )}
      <ConnectionTest key={keyGeneration} profileId={profile.id} onResult={setTested} />
      {confirming && (
        <div
          className="settings-confirm"
          role="alertdialog"
          aria-label={t('settings.gateways.deleteTitle')}
          data-testid="profile-delete-confirm"
        >
          <p>{t('settings.gateways.deleteConfirm', { name: profile.name })}</p>
          <div className="settings-inline">
            <button className="btn" onClick={() => setConfirming(false)}>
              {t('settings.cancel')}
            </button>
            <button
              className="btn btn-danger"
              data-testid="profile-delete-yes"
              onClick={() => actions.remove.mutate(profile.id, { onSettled: () => setConfirming(false) })}
            >
              {t('settings.gateways.deleteYes')}
            </button>
          </div>
        </div>
      )}
      {error && <p className="settings-error">{error}</p>}
    </li>
  );
}
