import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { hasFile, inputTargetsFor } from '../model/actions';
import type { TaskActions } from '../hooks/use-task-actions';
import { ACTION_ICONS } from './action-items';
import { UseAsInput } from '../../library';

/** The lightbox's most used actions as buttons: save, reveal (desktop), use as input, reuse settings. */
export function QuickActions({
  task,
  index,
  actions,
}: {
  task: TaskSummary;
  index: number;
  actions: TaskActions;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const r = task.results[index];
  const targets = hasFile(r) ? inputTargetsFor(r.kind, task.remoteId) : [];
  return (
    <div className="gl-quick">
      {hasFile(r) &&
        (bridge.transport === 'web' ? (
          <a
            className="btn"
            href={mediaUrl('library', r.file, { download: true })}
            download={r.file.split('/').pop()}
            data-testid="lightbox-save"
          >
            {ACTION_ICONS.saveAs} {t('gallery.action.saveAs')}
          </a>
        ) : (
          <button
            className="btn"
            data-testid="lightbox-save"
            onClick={() => void actions.saveAs(task, index)}
          >
            {ACTION_ICONS.saveAs} {t('gallery.action.saveAs')}
          </button>
        ))}
      {hasFile(r) && bridge.transport === 'electron' && (
        <button className="btn" onClick={() => void actions.reveal(task, index)}>
          {ACTION_ICONS.reveal} {t('gallery.action.reveal')}
        </button>
      )}
      {targets.length > 0 && (
        <UseAsInput targets={targets} onPick={(target) => actions.useAsInput(task, index, target)} />
      )}
      <button className="btn" onClick={() => void actions.reuse(task)} data-testid="lightbox-reuse">
        {ACTION_ICONS.reuse} {t('gallery.action.reuse')}
      </button>
    </div>
  );
}
