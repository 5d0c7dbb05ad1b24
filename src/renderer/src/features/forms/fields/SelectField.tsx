import { useTranslation } from 'react-i18next';
import type { FieldOf, FieldProps } from '../field-props';
import { fieldLabel, optionLabel } from '../form-text';
import { Select } from '../../../ui/primitives';
import { ChipGroup } from './ChipGroup';

/** A choice: chips when the options fit on a line or two, a dropdown otherwise. */
export function SelectField({
  op,
  field,
  value,
  onChange,
  inputId,
  describedBy,
  invalid,
}: FieldProps<FieldOf<'select'>>) {
  const { t } = useTranslation();
  const current = typeof value === 'string' ? value : '';
  const options = field.options.map((o) => ({
    value: o.value,
    label: optionLabel(t, op, field, o.value, o.label),
  }));
  if (options.length <= 6)
    return (
      <ChipGroup
        chips={options}
        value={current}
        onChange={onChange}
        label={fieldLabel(t, op, field)}
        id={inputId}
        testId={`select-${field.name}`}
      />
    );
  return (
    <Select
      className="field-input"
      id={inputId}
      label={fieldLabel(t, op, field)}
      testId={`select-${field.name}`}
      describedBy={describedBy}
      invalid={invalid}
      value={current}
      options={options}
      onChange={onChange}
    />
  );
}
