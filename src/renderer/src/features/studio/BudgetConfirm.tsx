import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { ConfirmDialog } from '../../ui/primitives';
import { roundPoints } from './estimate-text';

interface Ask {
  cost: number;
  total: number;
  budget: number;
  answer(ok: boolean): void;
}

const useAsk = create<{ ask: Ask | null }>()(() => ({ ask: null }));

/** Asks whether to submit over today's budget; resolves true to go ahead. */
export function confirmOverBudget(cost: number, total: number, budget: number): Promise<boolean> {
  return new Promise((resolve) => {
    useAsk.setState({
      ask: {
        cost,
        total,
        budget,
        answer: (ok) => {
          useAsk.setState({ ask: null });
          resolve(ok);
        },
      },
    });
  });
}

/** Going over today's budget spends points: Cancel has focus, so Enter never spends by surprise. */
export function BudgetConfirm() {
  const { t } = useTranslation();
  const ask = useAsk((s) => s.ask);
  if (!ask) return null;
  return (
    <ConfirmDialog
      tone="spend"
      title={t('studio.budget.title')}
      body={t('studio.budget.body', { cost: roundPoints(ask.cost), total: roundPoints(ask.total), budget: roundPoints(ask.budget) })}
      cancelLabel={t('studio.budget.cancel')}
      confirmLabel={t('studio.budget.confirm')}
      testId="budget-confirm"
      cancelTestId="budget-cancel"
      confirmTestId="budget-confirm-submit"
      onCancel={() => ask.answer(false)}
      onConfirm={() => ask.answer(true)}
    />
  );
}
