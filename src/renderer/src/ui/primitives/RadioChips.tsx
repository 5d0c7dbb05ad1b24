import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { Tip } from './Tooltip';

export interface RadioChip {
  value: string;
  label: ReactNode;
  /** Said in a tooltip. */
  hint?: string;
  disabled?: boolean;
  testId?: string;
  /** The accessible name when the label is an icon. */
  ariaLabel?: string;
  /** A colour chip: its background. */
  swatch?: string;
}

/**
 * A row of single-choice chips (Radix RadioGroup): one Tab stop for the whole group, arrow keys move and pick.
 */
export function RadioChips({
  chips,
  value,
  onChange,
  label,
  id,
  testId,
  className = 'ui-chips',
  chipClassName = 'ui-chip',
}: {
  chips: readonly RadioChip[];
  value: string;
  onChange(value: string): void;
  label: string;
  id?: string;
  testId?: string;
  className?: string;
  chipClassName?: string;
}) {
  return (
    <RadioGroup.Root
      className={className}
      value={value}
      onValueChange={onChange}
      aria-label={label}
      id={id}
      data-testid={testId}
      loop
    >
      {chips.map((c) => (
        <Tip key={c.value} label={c.hint}>
          <RadioGroup.Item
            value={c.value}
            className={chipClassName}
            data-value={c.value}
            disabled={c.disabled}
            data-testid={c.testId}
            aria-label={c.ariaLabel}
            style={c.swatch ? { background: c.swatch } : undefined}
          >
            {c.label}
          </RadioGroup.Item>
        </Tip>
      ))}
    </RadioGroup.Root>
  );
}
