import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, type KeyboardEvent } from 'react';
import type { OperationId } from '../../../../../shared/operations/ids';
import { useBridge } from '../../../bridge/bridge-context';
import { queryKeys } from '../../../state/query-keys';

/**
 * ↑/↓ in an empty prompt walks the recent prompts of this operation (newest first), like a shell history.
 * Only while the prompt is empty or still shows a recalled prompt, so editing text is never hijacked.
 */
export function usePromptRecall(op: OperationId, promptInputId: string, get: () => unknown, set: (text: string) => void) {
  const bridge = useBridge();
  const qc = useQueryClient();
  const pos = useRef<{ index: number; list: string[] } | null>(null);
  return useCallback(
    (e: KeyboardEvent) => {
      if ((e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (!(e.target instanceof HTMLElement) || e.target.id !== promptInputId) return;
      const value = typeof get() === 'string' ? (get() as string) : '';
      const recalled = pos.current ? pos.current.list[pos.current.index] : undefined;
      if (value !== '' && value !== recalled) {
        pos.current = null;
        return;
      }
      if (value === '' && e.key === 'ArrowDown') return;
      e.preventDefault();
      void (async () => {
        const list: string[] =
          pos.current?.list ?? ((await qc.fetchQuery({ queryKey: queryKeys.recentPrompts(op), queryFn: () => bridge.call('recentPrompts', { operationId: op, limit: 30 }), staleTime: 2_000 })) as string[] | undefined) ?? [];
        if (list.length === 0) return;
        const from = value === '' ? -1 : (pos.current?.index ?? -1);
        const index = e.key === 'ArrowUp' ? Math.min(list.length - 1, from + 1) : from - 1;
        if (index < 0) {
          pos.current = null;
          set('');
          return;
        }
        pos.current = { index, list };
        set(list[index] ?? '');
      })();
    },
    [bridge, qc, op, promptInputId, get, set],
  );
}
