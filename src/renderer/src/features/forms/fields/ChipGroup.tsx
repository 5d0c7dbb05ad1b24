import type { ReactNode } from 'react';

export interface Chip {
  value: string;
  label: ReactNode;
  title?: string;
}

/** A row of single-choice chips (a radio group). */
export function ChipGroup({ chips, value, onChange, label, id, testId }: { chips: Chip[]; value: string; onChange(v: string): void; label: string; id?: string; testId?: string }) {
  return (
    <div className="fm-chips" role="radiogroup" aria-label={label} id={id} data-testid={testId}>
      {chips.map((c) => (
        <button
          key={c.value}
          type="button"
          role="radio"
          aria-checked={c.value === value}
          className={`fm-chip${c.value === value ? ' fm-chip-on' : ''}`}
          title={c.title}
          data-value={c.value}
          onClick={() => onChange(c.value)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
