import { useTranslation } from 'react-i18next';
import type { TeamState } from '../../../../shared/domain/team';
import { RadioChips } from '../../ui/primitives';
import type { TeamDraft } from './team-draft';

type Errors = Partial<Record<keyof TeamDraft, string>>;

/**
 * The Team form's fields: database, media (S3 or a shared folder) and the member's name. A stored credential
 * shows "set" and its field stays empty (typing replaces it); messages sit under their field.
 */
export function TeamForm({
  draft,
  change,
  errors,
  touched,
  touch,
  state,
  storage,
}: {
  draft: TeamDraft;
  change: (patch: Partial<TeamDraft>) => void;
  errors: Errors;
  touched: (field: keyof TeamDraft) => boolean;
  touch: (field: keyof TeamDraft) => void;
  state: TeamState | undefined;
  /** How credentials are kept on this machine (the same store as gateway keys), said once under the form. */
  storage: string;
}) {
  const { t } = useTranslation();
  const secrets = state?.secrets;
  const field = (name: keyof TeamDraft, opts: { label: string; hint?: string; secret?: boolean; stored?: boolean; placeholder?: string; mono?: boolean }) => {
    const error = touched(name) ? errors[name] : undefined;
    const id = `team-${name}`;
    return (
      <div className="settings-field team-field">
        <label className="settings-label" htmlFor={id}>
          {opts.label}
          {opts.stored && (
            <span className="team-set" data-testid={`team-${name}-set`}>
              {t('team.set')}
            </span>
          )}
        </label>
        <input
          id={id}
          className={`field-input${opts.mono ? ' mono' : ''}`}
          data-testid={id}
          type={opts.secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={draft[name]}
          placeholder={opts.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => change({ [name]: e.target.value })}
          onBlur={() => touch(name)}
        />
        {error ? (
          <p className="settings-error" id={`${id}-error`} data-testid={`${id}-error`}>
            {t(`team.errors.${error}`, { defaultValue: t('settings.errors.invalid_input') })}
          </p>
        ) : (
          (opts.hint || opts.stored) && <p className="settings-hint">{opts.stored ? t('team.keepHint') : opts.hint}</p>
        )}
      </div>
    );
  };
  return (
    <>
      <div className="team-grid two">
        {field('postgresUrl', { label: t('team.postgresUrl'), hint: t('team.postgresUrlHint'), placeholder: 'postgres://artist@db.studio.lan:5432/atelier', mono: true })}
        {field('postgresPassword', { label: t('team.postgresPassword'), secret: true, stored: secrets?.postgresPassword === true })}
      </div>
      <div className="settings-field">
        <span className="settings-label">{t('team.media')}</span>
        <RadioChips
          label={t('team.media')}
          testId="team-media-kind"
          className="fm-chips"
          chipClassName="fm-chip"
          value={draft.mediaKind}
          onChange={(v) => change({ mediaKind: v === 'folder' ? 'folder' : 's3' })}
          chips={[
            { value: 's3', label: t('team.mediaS3'), testId: 'team-media-s3' },
            { value: 'folder', label: t('team.mediaFolder'), testId: 'team-media-folder' },
          ]}
        />
      </div>
      {draft.mediaKind === 's3' ? (
        <>
          <div className="team-grid two">
            {field('s3Url', { label: t('team.s3Url'), placeholder: 's3://studio-media/atelier', mono: true })}
            {field('region', { label: t('team.region'), placeholder: 'us-east-1', mono: true })}
          </div>
          {field('endpoint', { label: t('team.endpoint'), hint: t('team.endpointHint'), placeholder: 'https://<account>.r2.cloudflarestorage.com', mono: true })}
          <div className="team-grid two">
            {field('accessKeyId', { label: t('team.accessKeyId'), secret: true, stored: secrets?.s3AccessKeyId === true, mono: true })}
            {field('secretAccessKey', { label: t('team.secretAccessKey'), secret: true, stored: secrets?.s3SecretAccessKey === true, mono: true })}
          </div>
        </>
      ) : (
        field('folder', { label: t('team.folder'), hint: t('team.folderHint'), placeholder: '/Volumes/studio/atelier-media', mono: true })
      )}
      {field('member', { label: t('team.member'), hint: t('team.memberHint'), placeholder: 'Mei' })}
      <p className="settings-hint team-storage" data-testid="team-storage">
        {t('team.storage', { where: storage })}
      </p>
    </>
  );
}
