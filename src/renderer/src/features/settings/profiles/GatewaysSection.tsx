import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection, useProfiles } from '../../../bridge/queries';
import { KeyStorageNote } from './KeyStorageNote';
import { ProfileCard } from './ProfileCard';
import { ProfileEditor } from './ProfileEditor';

/** Gateway profiles: the demo gateway first, then the user's; add, edit, delete, switch, test, keys. */
export function GatewaysSection() {
  const { t } = useTranslation();
  const profiles = useProfiles().data ?? [];
  const activeId = useConnection().data?.profileId;
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  // The demo gateway always leads the list, whatever order core returns.
  const ordered = [...profiles].sort((a, b) => Number(b.demo) - Number(a.demo));
  return (
    <section className="settings-section" data-testid="settings-gateways">
      <div className="settings-section-head">
        <h3>{t('settings.gateways.heading')}</h3>
        {editing === null && (
          <button className="btn btn-primary" data-testid="profile-add" onClick={() => setEditing('new')}>
            <Plus size={15} /> {t('settings.gateways.add')}
          </button>
        )}
      </div>
      <p className="settings-hint">{t('settings.gateways.hint')}</p>
      {editing === 'new' && <ProfileEditor profile={null} onDone={() => setEditing(null)} />}
      <ul className="profile-list">
        {ordered.map((p) =>
          editing === p.id ? (
            <li key={p.id}>
              <ProfileEditor profile={p} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <ProfileCard key={p.id} profile={p} active={p.id === activeId} onEdit={() => setEditing(p.id)} />
          ),
        )}
      </ul>
      <KeyStorageNote />
    </section>
  );
}
