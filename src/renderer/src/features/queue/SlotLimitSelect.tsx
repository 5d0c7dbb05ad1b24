import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/primitives';
import { useSetQueueLimit } from './use-queue';

const CHOICES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16];

/**
 * "Tasks at once" for one gateway profile (issue 30), on the Select primitive: Unlimited or a number; a
 * limit learned from the gateway that is not among the usual choices is offered too.
 */
export function SlotLimitSelect({ profileId, limit, id, testId }: { profileId: string; limit: number | null; id: string; testId: string }) {
  const { t } = useTranslation();
  const setLimit = useSetQueueLimit();
  const choices = limit !== null && !CHOICES.includes(limit) ? [...CHOICES, limit].sort((a, b) => a - b) : CHOICES;
  return (
    <Select
      id={id}
      testId={testId}
      className="queue-limit-select"
      label={t('queue.slots')}
      value={limit === null ? '' : String(limit)}
      options={[{ value: '', label: t('queue.unlimited') }, ...choices.map((n) => ({ value: String(n), label: String(n) }))]}
      onChange={(v) => setLimit.mutate({ profileId, limit: v === '' ? null : Number(v) })}
    />
  );
}
