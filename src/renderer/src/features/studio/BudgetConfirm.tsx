import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
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

export function BudgetConfirm() {
  const { t } = useTranslation();
  const ask = useAsk((s) => s.ask);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ask) confirm.current?.focus();
  }, [ask]);
  if (!ask) return null;
  return (
    <div className="st-backdrop" onKeyDown={(e) => e.key === 'Escape' && ask.answer(false)}>
      <div className="st-dialog" role="alertdialog" aria-modal="true" aria-labelledby="st-budget-title" data-testid="budget-confirm">
        <h3 id="st-budget-title">{t('studio.budget.title')}</h3>
        <p>{t('studio.budget.body', { cost: roundPoints(ask.cost), total: roundPoints(ask.total), budget: roundPoints(ask.budget) })}</p>
        <div className="st-dialog-actions">
          <button type="button" className="btn" data-testid="budget-cancel" onClick={() => ask.answer(false)}>
            {t('studio.budget.cancel')}
          </button>
          <button type="button" ref={confirm} className="btn btn-primary" data-testid="budget-confirm-submit" onClick={() => ask.answer(true)}>
            {t('studio.budget.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
