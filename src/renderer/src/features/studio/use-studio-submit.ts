import { useCallback } from 'react';
import type { Values } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { useBridge } from '../../bridge/bridge-context';
import { confirmOverBudget } from './BudgetConfirm';
import type { CombinedEstimate } from './estimate-text';
import { chosenModels } from './GenerateExtras';
import { useStudioStore } from './studio-store';

type Submit = (values: Values, extra: Record<string, unknown>, batch?: { count: number; models: string[] | null }) => Promise<void>;

/**
 * Generate with the studio's options: the daily budget is checked first (asks when this submission would
 * go over it), then one task, or a batch for ×N and/or several models.
 */
export function useStudioSubmit(op: OperationId, submit: Submit, estimate: CombinedEstimate | null | undefined) {
  const bridge = useBridge();
  return useCallback(
    async (values: Values, extra: Record<string, unknown>) => {
      const count = useStudioStore.getState().count[op] ?? 1;
      const current = typeof values.model === 'string' ? values.model : '';
      const models = chosenModels(op, current);
      if (estimate?.points != null) {
        const ledger = await bridge.call('getLedger', {}).catch(() => null);
        if (ledger?.dailyBudget != null && ledger.todayPoints + estimate.points > ledger.dailyBudget) {
          const go = await confirmOverBudget(estimate.points, ledger.todayPoints + estimate.points, ledger.dailyBudget);
          if (!go) return;
        }
      }
      if (count === 1 && models.length === 1) return submit(values, extra);
      return submit(values, extra, { count, models: models.length > 1 ? models : null });
    },
    [bridge, op, submit, estimate],
  );
}
