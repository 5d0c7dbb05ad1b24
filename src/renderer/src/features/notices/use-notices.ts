import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Notice } from '../../../../shared/domain/notice';
import { useBridge } from '../../bridge/bridge-context';
import { queryKeys } from '../../state/query-keys';

/** Core's notices: read once, then kept current by the `noticesChanged` push (the renderer never polls). */
export function useNotices(): { notices: Notice[]; dismiss: (id: string) => void } {
  const bridge = useBridge();
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.notices, queryFn: () => bridge.call('listNotices', {}) });
  useEffect(() => bridge.on('noticesChanged', (all) => qc.setQueryData(queryKeys.notices, all)), [bridge, qc]);
  const dismiss = useCallback(
    (id: string) => {
      qc.setQueryData<Notice[]>(queryKeys.notices, (all) => all?.filter((n) => n.id !== id));
      void bridge.call('dismissNotice', { id });
    },
    [bridge, qc],
  );
  return { notices: data ?? [], dismiss };
}
