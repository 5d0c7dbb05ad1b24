import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getOperation } from '../../../shared/operations/catalog';
import { OperationForm, loadDraftFromTask, setDraftField } from '../features/forms';
import { connectForms } from '../features/gallery/forms-integration';
import { useUiStore } from '../state/ui-store';
import { OPERATION_ICONS } from './operation-icons';

// The gallery's "reuse settings" and "use as input" fill drafts through the forms feature.
connectForms({ loadDraftFromTask, setDraftField });

/** The current operation: its title and its form (the forms feature renders inside). */
export function OperationPanel() {
  const { t } = useTranslation();
  const op = getOperation(useUiStore((s) => s.operationId));
  const panel = useRef<HTMLDivElement>(null);
  // Another operation opens at its top (its title and first field), not at the last form's scroll. Reset as
  // the choice changes, before the new form renders, so a form's own scroll to a field still wins.
  useEffect(
    () =>
      useUiStore.subscribe((s, prev) => {
        if (s.operationId !== prev.operationId) panel.current?.closest('.shell-main')?.scrollTo({ top: 0 });
      }),
    [],
  );
  return (
    <div className="op-panel" data-testid="operation-panel" ref={panel}>
      <header className="op-header">
        <span className="op-icon">{OPERATION_ICONS[op.id]}</span>
        <div>
          <h1 className="op-title">{t(`op.${op.id}.label`)}</h1>
          <p className="op-description">{t(`op.${op.id}.description`)}</p>
        </div>
      </header>
      <OperationForm key={op.id} operationId={op.id} />
    </div>
  );
}
