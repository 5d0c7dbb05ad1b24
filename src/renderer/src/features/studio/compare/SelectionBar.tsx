import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Columns2, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { useSelectionStore } from '../../gallery/selection/selection-store';
import { useStudioStore } from '../studio-store';

/** Shown while results are selected (Ctrl/Cmd- or Shift-click; the library's bar acts on them too): Compare 2–4 of them. */
export function CompareBar() {
  const { t } = useTranslation();
  const ids = useSelectionStore((s) => s.ids);
  if (ids.size === 0) return null;
  const ok = ids.size >= 2 && ids.size <= 4;
  return (
    <div className="st-selection" role="toolbar" aria-label={t('studio.selection.count', { count: ids.size })} data-testid="compare-bar">
      <button type="button" className="btn btn-sm btn-primary" disabled={!ok} title={ok ? undefined : t('studio.selection.limit')} data-testid="compare-selected" onClick={() => useStudioStore.getState().openCompare([...ids])}>
        <Columns2 size={14} /> {t('studio.selection.compare')}
      </button>
      {!ok && <span className="st-hint">{t('studio.selection.limit')}</span>}
    </div>
  );
}

/** "2 rejected results hidden · Restore all": rejects are hidden from the gallery but never lost. */
export function RejectedBar() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const rejected = useQuery({ queryKey: ['rejected'], queryFn: () => bridge.call('listTasks', { filter: { sort: 'newest', rejected: 'only' }, limit: 100 }) });
  useEffect(() => bridge.on('taskChanged', () => void qc.invalidateQueries({ queryKey: ['rejected'] })), [bridge, qc]);
  const items = rejected.data?.items ?? [];
  if (items.length === 0) return null;
  const restore = async () => {
    await bridge.call('setRejected', { ids: items.map((i) => i.id), rejected: false });
    await qc.invalidateQueries();
  };
  return (
    <div className="st-rejected" data-testid="rejected-bar">
      <span>{t('studio.rejectedBar.text', { count: rejected.data?.total ?? items.length })}</span>
      <button type="button" className="btn btn-sm btn-ghost" data-testid="restore-rejected" onClick={() => void restore()}>
        <Undo2 size={14} /> {t('studio.rejectedBar.show')}
      </button>
    </div>
  );
}
