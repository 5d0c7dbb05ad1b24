import { useTranslation } from 'react-i18next';
import { useNow } from '../../state/use-now';
import { useQueuePlace } from './use-queue';
import { waitText } from './model/wait-text';

/** A waiting task's line on its tile: "Waiting for a slot · 3rd in line · starts in ~2 min". */
export function WaitingLine({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const now = useNow(true);
  const place = useQueuePlace(taskId);
  if (!place) return <span className="queue-wait-line" data-testid="waiting-line">{t('queue.reason.slot')}</span>;
  const { task, at } = place;
  const etaMs = task.etaMs === null ? null : Math.max(0, task.etaMs - (now - at));
  return (
    <span className="queue-wait-line" data-testid="waiting-line">
      {waitText({ ...task, etaMs }, now, t)}
    </span>
  );
}
