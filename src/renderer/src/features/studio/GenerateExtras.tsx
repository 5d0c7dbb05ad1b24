import { Check, Layers, Minus, Plus, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillVendor } from '../../../../shared/operations/catalog';
import type { FieldDef } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { useStudioStore } from './studio-store';
import { PopoverContent, PopoverRoot, PopoverTrigger, Tip } from '../../ui/primitives';

type ModelField = Extract<FieldDef, { type: 'model' }>;

/** The most tasks one Generate press makes (a batch). */
const MAX_COUNT = 8;

/** The models Generate will use: the chosen several (2–4), else the form's one model. */
export function chosenModels(op: OperationId, current: string): string[] {
  const several = useStudioStore.getState().models[op] ?? [];
  return several.length > 1 ? several : [current];
}

/** Beside Generate: ×N (1–8), several models of this operation, and the points ledger. */
export function GenerateExtras({
  op,
  modelField,
  current,
  vendor,
  onModel,
}: {
  op: OperationId;
  modelField: ModelField | undefined;
  current: string;
  vendor: string;
  /** Sets the form's one model (the footer's chip). */
  onModel(id: string): void;
}) {
  const { t } = useTranslation();
  const count = useStudioStore((s) => s.count[op] ?? 1);
  const chosen = useStudioStore((s) => s.models[op]);
  const [open, setOpen] = useState(false);
  // Several models are a choice of 2–4; anything less is the form's own model, whatever was kept.
  const several = chosen && chosen.length > 1 ? chosen : [current];
  const multi = several.length > 1;
  const toggle = (id: string) => {
    const next = several.includes(id) ? several.filter((m) => m !== id) : several.length >= 4 ? several : [...several, id];
    // One left is the form's model again: the chip shows it and Generate uses it (a lone tick used to be
    // shown while Generate sent the chip's model). None left: the last one stays ticked.
    if (next.length === 1 && next[0] !== undefined) {
      useStudioStore.getState().setModels(op, []);
      if (next[0] !== current) onModel(next[0]);
      return;
    }
    if (next.length === 0) return;
    // In the catalog's order (older versions first), so batch members line up the same way every time.
    const order = (m: string) => modelField?.presets.findIndex((p) => p.id === m) ?? 0;
    useStudioStore.getState().setModels(op, [...next].sort((a, b) => order(a) - order(b)));
  };
  return (
    <div className="st-extras">
      {/* A stepper in the app's own controls (1–8), not a native select. */}
      <Tip label={t('studio.count.title')}>
        <div className="st-count" role="group" aria-label={t('studio.count.label')}>
          <button
            type="button"
            className="st-count-step"
            aria-label={t('studio.count.fewer')}
            data-testid="batch-count-down"
            disabled={count <= 1}
            onClick={() => useStudioStore.getState().setCount(op, Math.max(1, count - 1))}
          >
            <Minus size={12} />
          </button>
          <output className="st-count-value" data-testid="batch-count" aria-live="polite">
            ×{count}
          </output>
          <button
            type="button"
            className="st-count-step"
            aria-label={t('studio.count.more')}
            data-testid="batch-count-up"
            disabled={count >= MAX_COUNT}
            onClick={() => useStudioStore.getState().setCount(op, Math.min(MAX_COUNT, count + 1))}
          >
            <Plus size={12} />
          </button>
        </div>
      </Tip>
      {modelField && modelField.presets.length > 1 && (
        <PopoverRoot open={open} onOpenChange={setOpen}>
          <Tip label={t('studio.models.title')}>
            <PopoverTrigger asChild>
              <button type="button" className={`btn btn-sm btn-ghost st-models-btn${multi ? ' on' : ''}`} data-testid="models-multi">
                <Layers size={14} /> {multi ? t('studio.models.several', { count: several.length }) : t('studio.models.button')}
              </button>
            </PopoverTrigger>
          </Tip>
          {open && (
            <PopoverContent className="st-models-pop" label={t('studio.models.title')} side="top">
              <p className="st-hint">{t('studio.models.hint')}</p>
              {modelField.presets.map((p) => {
                const on = several.includes(p.id);
                return (
                  <button key={p.id} type="button" aria-pressed={on} className={`st-model-opt${on ? ' on' : ''}`} data-testid={`model-option-${p.label}`} onClick={() => toggle(p.id)}>
                    <span className="st-check">{on && <Check size={13} />}</span>
                    <span>{p.label}</span>
                    <code>{fillVendor(p.id, vendor)}</code>
                  </button>
                );
              })}
            </PopoverContent>
          )}
        </PopoverRoot>
      )}
      <Tip label={t('studio.ledger.title')}>
        <button type="button" className="btn btn-sm btn-ghost st-ledger-btn" aria-label={t('studio.ledger.title')} data-testid="open-ledger" onClick={() => useStudioStore.getState().setLedgerOpen(true)}>
          <ReceiptText size={14} />
        </button>
      </Tip>
    </div>
  );
}
