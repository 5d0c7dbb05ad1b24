import { ToggleGroup as G } from 'radix-ui';
import type { ReactNode } from 'react';
import { Tip } from './Tooltip';

export interface ToggleChoice {
  value: string;
  /** Icon or text shown. */
  content: ReactNode;
  /** The accessible name and tooltip when the content is an icon. */
  label: string;
  testId?: string;
}

/** A single-choice toggle row (Radix ToggleGroup): one Tab stop, arrow keys inside; never deselects to nothing. */
export function ToggleGroup({
  choices,
  value,
  onChange,
  label,
  className = 'ui-toggles',
  itemClassName = 'ui-toggle',
  testId,
}: {
  choices: readonly ToggleChoice[];
  value: string;
  onChange(value: string): void;
  label: string;
  className?: string;
  itemClassName?: string;
  testId?: string;
}) {
  return (
    <G.Root
      type="single"
      className={className}
      value={value}
      onValueChange={(v) => v && onChange(v)}
      aria-label={label}
      data-testid={testId}
    >
      {choices.map((c) => (
        <Tip key={c.value} label={c.label}>
          <G.Item value={c.value} className={itemClassName} aria-label={c.label} data-testid={c.testId}>
            {c.content}
          </G.Item>
        </Tip>
      ))}
    </G.Root>
  );
}
