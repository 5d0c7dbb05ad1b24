import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useUiStore } from '../../../state/ui-store';
import { MenuItem } from '../../../ui/primitives';
import { freeSlotFor } from '../../forms';
import type { TaskActions } from '../hooks/use-task-actions';
import './current-form-item.css';

/**
 * "Use as input → Current form": offered only when the open form has a free place for this result;
 * otherwise shown disabled with the reason (the form is full, or takes no such media).
 */
export function CurrentFormItem({
  task,
  index,
  actions,
}: {
  task: TaskSummary;
  index: number;
  actions: TaskActions;
}) {
  const { t } = useTranslation();
  const opId = useUiStore((s) => s.operationId);
  const slot = freeSlotFor(task, index);
  const reason = slot ? null : t('gallery.action.currentFormNoPlace', { operation: t(`op.${opId}.label`) });
  return (
    <MenuItem
      className="sub"
      data-testid="use-in-current-form"
      disabled={!slot}
      onSelect={() => slot && actions.useInCurrentForm(task, index)}
    >
      <span className="gl-menu-item-text">
        {t('gallery.action.currentForm')}
        {reason && (
          <span className="gl-menu-reason" data-testid="current-form-reason">
            {reason}
          </span>
        )}
      </span>
    </MenuItem>
  );
}
