import { Check, ChevronDown } from 'lucide-react';
import { Select as S } from 'radix-ui';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Plain text for type-ahead when the label is not a string. */
  text?: string;
}

/** Radix items cannot carry an empty value; "none" choices ('' in our models) travel as this. */
const EMPTY = '\u0000none';

/**
 * A single choice from a list (Radix Select): a button that opens a listbox, arrow keys and type-ahead
 * inside, Escape and outside press close it, focus returns to the button.
 */
export function Select({
  value,
  onChange,
  options,
  label,
  placeholder,
  testId,
  id,
  className = '',
  disabled,
  invalid,
  describedBy,
}: {
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  label: string;
  placeholder?: string;
  testId?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const encoded = value === '' ? EMPTY : value;
  const known = options.some((o) => o.value === value);
  return (
    <S.Root
      value={known ? encoded : ''}
      onValueChange={(v) => onChange(v === EMPTY ? '' : v)}
      disabled={disabled}
    >
      <S.Trigger
        className={`ui-select ${className}`}
        aria-label={label}
        data-testid={testId}
        data-value={value}
        id={id}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      >
        <S.Value placeholder={placeholder ?? label} />
        <S.Icon className="ui-select-icon">
          <ChevronDown size={14} aria-hidden />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          className="ui-select-content"
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          data-testid={testId ? `${testId}-options` : undefined}
        >
          <S.Viewport className="ui-select-viewport">
            {options.map((o) => (
              <S.Item
                key={o.value}
                value={o.value === '' ? EMPTY : o.value}
                className="ui-select-item"
                textValue={o.text}
                data-value={o.value}
              >
                <S.ItemText>{o.label}</S.ItemText>
                <S.ItemIndicator className="ui-select-check">
                  <Check size={13} aria-hidden />
                </S.ItemIndicator>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
