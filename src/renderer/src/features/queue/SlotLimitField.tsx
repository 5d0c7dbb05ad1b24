import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SlotLimitSelect } from './SlotLimitSelect';
import { useQueue } from './use-queue';
import './queue.css';

/** Settings → a gateway profile: how many tasks Atelier runs there at once (issue 30); the queue view has the same control. */
export function SlotLimitField({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const { data } = useQueue();
  const id = useId();
  const profile = data?.snapshot.profiles.find((p) => p.profileId === profileId);
  return (
    <div className="queue-limit queue-settings-limit">
      <label htmlFor={id}>{t('queue.slots')}</label>
      <SlotLimitSelect id={id} testId="settings-queue-limit" profileId={profileId} limit={profile?.limit ?? null} />
      {profile?.limitSource === 'learned' && <span className="queue-learned">{t('queue.limitLearned')}</span>}
    </div>
  );
}
