import { useTranslation } from 'react-i18next';
import type { ProfileInput } from '../../../../../shared/domain/profile';

type Provenance = NonNullable<ProfileInput['provenance']>;
export const DEFAULT_PROVENANCE: Provenance = { embed: true, sidecar: false };

/** Per profile: write how each result was made into the file, and/or a `.json` beside it. */
export function ProvenanceFields({ value, onChange }: { value: Provenance | undefined; onChange: (next: Provenance) => void }) {
  const { t } = useTranslation();
  const v = value ?? DEFAULT_PROVENANCE;
  return (
    <fieldset className="settings-field" data-testid="profile-provenance">
      <legend className="settings-label">{t('library.provenance.title')}</legend>
      <label className="settings-check">
        <input type="checkbox" data-testid="profile-provenance-embed" checked={v.embed} onChange={(e) => onChange({ ...v, embed: e.target.checked })} />
        <span>{t('library.provenance.embed')}</span>
      </label>
      <label className="settings-check">
        <input type="checkbox" data-testid="profile-provenance-sidecar" checked={v.sidecar} onChange={(e) => onChange({ ...v, sidecar: e.target.checked })} />
        <span>{t('library.provenance.sidecar')}</span>
      </label>
      <p className="settings-hint">{t('library.provenance.explain')}</p>
    </fieldset>
  );
}
