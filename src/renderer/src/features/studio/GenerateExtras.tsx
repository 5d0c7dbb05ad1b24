import { Check, Layers, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillVendor } from '../../../../shared/operations/catalog';
import type { FieldDef } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { useStudioStore } from './studio-store';

type ModelField = Extract<FieldDef, { type: 'model' }>;

/** The models Generate will use: the chosen several (2–4), else the form's one model. */
export function chosenModels(op: OperationId, current: string): string[] {
  const several = useStudioStore.getState().models[op] ?? [];
  return several.length > 1 ? several : [current];
}

/** Beside Generate: ×N (1–8), several models of this operation, and the points ledger. */
export function GenerateExtras({ op, modelField, current, vendor }: { op: OperationId; modelField: ModelField | undefined; current: string; vendor: string }) {
  const { t } = useTranslation();
  const count = useStudioStore((s) => s.count[op] ?? 1);
  const chosen = useStudioStore((s) => s.models[op]);
  const several = chosen ?? [];
  const [open, setOpen] = useState(false);
  const multi = several.length > 1;
  const toggle = (id: string) => {
    const base = several.length ? several : [current];
    const next = base.includes(id) ? base.filter((m) => m !== id) : base.length >= 4 ? base : [...base, id];
    // In the catalog's order (older versions first), so batch members line up the same way every time.
    const order = (m: string) => modelField?.presets.findIndex((p) => p.id === m) ?? 0;
    useStudioStore.getState().setModels(op, [...next].sort((a, b) => order(a) - order(b)));
  };
  return (
    <div className="st-extras">
      <label className="st-count" title={t('studio.count.title')}>
        <span className="st-count-x">×</span>
        <select
          aria-label={t('studio.count.label')}
          data-testid="batch-count"
          value={count}
          onChange={(e) => useStudioStore.getState().setCount(op, Number(e.target.value))}
        >
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {modelField && modelField.presets.length > 1 && (
        <div className="st-models">
          <button
            type="button"
            className={`btn btn-sm btn-ghost st-models-btn${multi ? ' on' : ''}`}
            title={t('studio.models.title')}
            aria-expanded={open}
            data-testid="models-multi"
            onClick={() => setOpen((o) => !o)}
          >
            <Layers size={14} /> {multi ? t('studio.models.several', { count: several.length }) : t('studio.models.button')}
          </button>
          {open && (
            <div className="st-models-pop" role="dialog" aria-label={t('studio.models.title')}>
              <p className="st-hint">{t('studio.models.hint')}</p>
              {modelField.presets.map((p) => {
                const on = (several.length ? several : [current]).includes(p.id);
                return (
                  <button key={p.id} type="button" role="menuitemcheckbox" aria-checked={on} className={`st-model-opt${on ? ' on' : ''}`} data-testid={`model-option-${p.label}`} onClick={() => toggle(p.id)}>
                    <span className="st-check">{on && <Check size={13} />}</span>
                    <span>{p.label}</span>
                    <code>{fillVendor(p.id, vendor)}</code>
                  </button>
                );
              })}
            </div>
          )}
        </div>
      )}
      <button type="button" className="btn btn-sm btn-ghost st-ledger-btn" title={t('studio.ledger.title')} aria-label={t('studio.ledger.title')} data-testid="open-ledger" onClick={() => useStudioStore.getState().setLedgerOpen(true)}>
        <ReceiptText size={14} />
      </button>
    </div>
  );
}
