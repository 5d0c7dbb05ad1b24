import type { ReactNode } from 'react';
import { RadioChips } from '../../../ui/primitives';

export interface Chip {
  value: string;
  label: ReactNode;
  title?: string;
}

/** A row of single-choice chips: the shared radio group (one Tab stop, arrow keys inside), in the form's look. */
export function ChipGroup({
  chips,
  value,
  onChange,
  label,
  id,
  testId,
}: {
  chips: Chip[];
  value: string;
  onChange(v: string): void;
  label: string;
  id?: string;
  testId?: string;
}) {
  return (
    <RadioChips
      className="fm-chips"
      chipClassName="fm-chip"
      chips={chips.map((c) => ({ value: c.value, label: c.label, hint: c.title }))}
      value={value}
      onChange={onChange}
      label={label}
      id={id}
      testId={testId}
    />
  );
}
