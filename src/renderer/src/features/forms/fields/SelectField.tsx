import { useTranslation } from 'react-i18next';
import type { FieldOf, FieldProps } from '../field-props';
import { fieldLabel, optionLabel } from '../form-text';
import { ChipGroup } from './ChipGroup';

/** A choice: chips when the options fit on a line or two, a dropdown otherwise. */
export function SelectField({ op, field, value, onChange, inputId, describedBy, invalid }: FieldProps<FieldOf<'select'>>) {
  const { t } = useTranslation();
  const current = typeof value === 'string' ? value : '';
  const options = field.options.map((o) => ({ value: o.value, label: optionLabel(t, op, field, o.value, o.label) }));
  if (options.length <= 6) return <ChipGroup chips={options} value={current} onChange={onChange} label={fieldLabel(t, op, field)} id={inputId} testId={`select-${field.name}`} />;
  return (
    <select className="field-input" id={inputId} aria-describedby={describedBy} aria-invalid={invalid} value={current} onChange={(e) => onChange(e.target.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
