import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { queryKeys } from '../../../state/query-keys';

/** "2 rejected results hidden · Restore all": rejects are hidden from the gallery but never lost. */
export function RejectedBar() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const rejected = useQuery({ queryKey: queryKeys.tasks.rejected, queryFn: () => bridge.call('listTasks', { filter: { sort: 'newest', rejected: 'only' }, limit: 100 }) });
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
