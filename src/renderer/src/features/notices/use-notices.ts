import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Notice } from '../../../../shared/domain/notice';
import { useBridge } from '../../bridge/bridge-context';

const key = ['listNotices'] as const;

/** Core's notices: read once, then kept current by the `noticesChanged` push (the renderer never polls). */
export function useNotices(): { notices: Notice[]; dismiss: (id: string) => void } {
  const bridge = useBridge();
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: key, queryFn: () => bridge.call('listNotices', {}) });
  useEffect(() => bridge.on('noticesChanged', (all) => qc.setQueryData(key, all)), [bridge, qc]);
  const dismiss = useCallback(
    (id: string) => {
      qc.setQueryData<Notice[]>(key, (all) => all?.filter((n) => n.id !== id));
      void bridge.call('dismissNotice', { id });
    },
    [bridge, qc],
  );
  return { notices: data ?? [], dismiss };
}
