import type { FieldOf, FieldProps } from '../field-props';

export function BooleanField({ value, onChange, inputId, describedBy }: FieldProps<FieldOf<'boolean'>>) {
  return (
    <label className="fm-switch">
      <input type="checkbox" id={inputId} aria-describedby={describedBy} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
      <span className="fm-switch-track" />
    </label>
  );
}
