import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { OPERATIONS } from '../../../../../shared/operations/catalog';
import { Select } from '../../../ui/primitives';
import { useGalleryStore } from '../gallery-store';
import { fromDateInput, toDateInput } from '../model/format';

const DAY = 86_400_000;

/** Operation, model, date range and sort. The model list is what the loaded tasks used (plus what is typed). */
export function FilterPanel({ models }: { models: string[] }) {
  const { t } = useTranslation();
  const s = useGalleryStore(
    useShallow((st) => ({
      operationId: st.operationId,
      model: st.model,
      since: st.since,
      until: st.until,
      sort: st.sort,
    })),
  );
  const set = useGalleryStore((st) => st.set);
  const preset = (days: number) => {
    const today = fromDateInput(toDateInput(Date.now())) ?? Date.now();
    set({ since: today - (days - 1) * DAY, until: undefined });
  };
  return (
    <div className="gl-filters" data-testid="filter-panel">
      <div className="gl-field">
        <span>{t('gallery.filter.operation')}</span>
        <Select
          label={t('gallery.filter.operation')}
          testId="filter-operation"
          value={s.operationId ?? ''}
          options={[
            { value: '', label: t('gallery.filter.anyOperation') },
            ...OPERATIONS.map((op) => ({ value: op.id, label: t(`op.${op.id}.label`) })),
          ]}
          onChange={(v) => set({ operationId: OPERATIONS.find((op) => op.id === v)?.id })}
        />
      </div>
      <label className="gl-field">
        <span>{t('gallery.filter.model')}</span>
        <input
          className="field-input"
          list="gl-models"
          value={s.model}
          placeholder={t('gallery.filter.anyModel')}
          data-testid="filter-model"
          onChange={(e) => set({ model: e.target.value })}
        />
        <datalist id="gl-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      <label className="gl-field">
        <span>{t('gallery.filter.from')}</span>
        <input
          className="field-input"
          type="date"
          value={toDateInput(s.since)}
          data-testid="filter-since"
          onChange={(e) => set({ since: fromDateInput(e.target.value) })}
        />
      </label>
      <label className="gl-field">
        <span>{t('gallery.filter.to')}</span>
        <input
          className="field-input"
          type="date"
          value={toDateInput(s.until === undefined ? undefined : s.until - DAY)}
          data-testid="filter-until"
          onChange={(e) => set({ until: fromDateInput(e.target.value, 1) })}
        />
      </label>
      <div className="gl-field">
        <span>{t('gallery.filter.sort')}</span>
        <Select
          label={t('gallery.filter.sort')}
          testId="filter-sort"
          value={s.sort}
          options={[
            { value: 'newest', label: t('gallery.filter.newest') },
            { value: 'oldest', label: t('gallery.filter.oldest') },
          ]}
          onChange={(v) => set({ sort: v === 'oldest' ? 'oldest' : 'newest' })}
        />
      </div>
      <div className="gl-filter-presets">
        <button className="gl-chip-btn" onClick={() => preset(1)}>
          {t('gallery.filter.today')}
        </button>
        <button className="gl-chip-btn" onClick={() => preset(7)}>
          {t('gallery.filter.last7')}
        </button>
        <button className="gl-chip-btn" onClick={() => preset(30)}>
          {t('gallery.filter.last30')}
        </button>
        <button
          className="gl-chip-btn"
          data-testid="filter-reset"
          onClick={() => useGalleryStore.getState().resetFilters()}
        >
          <RotateCcw size={13} /> {t('gallery.filter.reset')}
        </button>
      </div>
    </div>
  );
}
