import { useTranslation } from 'react-i18next';
import type { FieldOf, FieldProps } from '../field-props';

/** A bounded number: a slider for the feel of it, and a box for the exact value. */
export function NumberField({ field, value, onChange, inputId, describedBy, invalid }: FieldProps<FieldOf<'number'>>) {
  const { t } = useTranslation();
  const n = typeof value === 'number' ? value : NaN;
  const step = field.step ?? (field.integer ? 1 : 0.1);
  const set = (text: string) => onChange(text === '' ? null : Number(text));
  // Text that is no number ("10 seconds" pasted): the box shows an empty value for it. It becomes NaN, which
  // the field reports ("Enter a number"), not "no value", which was sent without a word.
  const typed = (box: HTMLInputElement) => (box.validity.badInput ? onChange(NaN) : set(box.value));
  return (
    <div className="fm-number">
      <input
        type="range"
        className="fm-range"
        min={field.min}
        max={field.max}
        step={step}
        value={Number.isNaN(n) ? field.min : n}
        aria-hidden="true"
        tabIndex={-1}
        onChange={(e) => set(e.target.value)}
      />
      <span className="fm-number-box">
        <input
          className="field-input"
          id={inputId}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={step}
          value={Number.isNaN(n) ? '' : n}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => typed(e.target)}
        />
        {field.unit && <span className="fm-unit">{t(`forms.units.${field.unit}`, { defaultValue: field.unit })}</span>}
      </span>
    </div>
  );
}
