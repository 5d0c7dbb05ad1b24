import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge/bridge-context';
import { Modal, ModalTitle } from '../../ui/primitives';
import { roundPoints } from './estimate-text';
import { useStudioStore } from './studio-store';
import { queryKeys } from '../../state/query-keys';
import { TeamSpendView } from '../team';

/** Points per day and per batch, and the daily budget. */
export function LedgerDialog() {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const open = useStudioStore((s) => s.ledgerOpen);
  const ledger = useQuery({
    queryKey: queryKeys.ledger,
    queryFn: () => bridge.call('getLedger', {}),
    enabled: open,
  });
  const [budget, setBudget] = useState('');
  useEffect(() => {
    if (ledger.data) setBudget(ledger.data.dailyBudget === null ? '' : String(ledger.data.dailyBudget));
  }, [ledger.data]);
  if (!open) return null;
  const close = () => useStudioStore.getState().setLedgerOpen(false);
  const save = async () => {
    const n = Number(budget);
    const next = await bridge.call('setDailyBudget', { points: budget.trim() === '' || !(n > 0) ? null : n });
    qc.setQueryData(queryKeys.ledger, next);
  };
  const d = ledger.data;
  return (
    <Modal onClose={close} backdropClassName="st-backdrop" className="st-dialog st-ledger" testId="ledger">
      <header className="st-dialog-head">
        <ModalTitle asChild>
          <h3>{t('studio.ledger.title')}</h3>
        </ModalTitle>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={t('studio.ledger.close')}
          onClick={close}
        >
          <X size={16} />
        </button>
      </header>
      {d && (
        <>
          <p className="st-ledger-today" data-testid="ledger-today">
            {t('studio.ledger.today', { points: roundPoints(d.todayPoints) })}
          </p>
          <div className="st-budget-row">
            <label htmlFor="st-budget">{t('studio.ledger.budget')}</label>
            <input
              id="st-budget"
              className="field-input"
              type="number"
              min={1}
              inputMode="numeric"
              data-testid="budget-input"
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
            />
            <button
              type="button"
              className="btn btn-sm btn-primary"
              data-testid="budget-save"
              onClick={() => void save()}
            >
              {t('studio.ledger.save')}
            </button>
          </div>
          <p className="st-hint">{t('studio.ledger.budgetHint')}</p>
          {d.days.length === 0 ? (
            <p className="st-hint">{t('studio.ledger.empty')}</p>
          ) : (
            <div className="st-ledger-tables">
              <table>
                <caption>{t('studio.ledger.perDay')}</caption>
                <thead>
                  <tr>
                    <th>{t('studio.ledger.day')}</th>
                    <th>{t('studio.ledger.points')}</th>
                    <th>{t('studio.ledger.tasks')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.days.map((r) => (
                    <tr key={r.day}>
                      <td>{r.day}</td>
                      <td>{roundPoints(r.points)}</td>
                      <td>{r.tasks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table>
                <caption>{t('studio.ledger.perBatch')}</caption>
                <thead>
                  <tr>
                    <th>{t('studio.ledger.batch')}</th>
                    <th>{t('studio.ledger.points')}</th>
                    <th>{t('studio.ledger.tasks')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.batches.map((b) => (
                    <tr key={b.batchId}>
                      <td>
                        {t(`op.${b.operationId}.label`, { defaultValue: b.operationId })} ·{' '}
                        {new Date(b.createdAt).toLocaleTimeString(i18n.language, {
                          hour: '2-digit',
                          minute: '2-digit',
                        })}
                      </td>
                      <td>{roundPoints(b.points)}</td>
                      <td>{b.tasks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <TeamSpendView />
        </>
      )}
    </Modal>
  );
}
