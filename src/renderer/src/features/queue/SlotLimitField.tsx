import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueue, useSetQueueLimit } from './use-queue';
import './queue.css';

const CHOICES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16];

/** Settings → a gateway profile: how many tasks Atelier runs there at once (issue 30); the queue view has the same control. */
export function SlotLimitField({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const { data } = useQueue();
  const setLimit = useSetQueueLimit();
  const id = useId();
  const profile = data?.snapshot.profiles.find((p) => p.profileId === profileId);
  const limit = profile?.limit ?? null;
  const choices = limit !== null && !CHOICES.includes(limit) ? [...CHOICES, limit].sort((a, b) => a - b) : CHOICES;
  return (
    <div className="queue-limit queue-settings-limit">
      <label htmlFor={id}>{t('queue.slots')}</label>
      <select
        id={id}
        data-testid="settings-queue-limit"
        value={limit === null ? '' : String(limit)}
        onChange={(e) => setLimit.mutate({ profileId, limit: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <option value="">{t('queue.unlimited')}</option>
        {choices.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
      {profile?.limitSource === 'learned' && <span className="queue-learned">{t('queue.limitLearned')}</span>}
    </div>
  );
}
