import '../library.css';
import { ArrowRightToLine, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Slot } from './slots';

/** A button that opens the list of slots (operation · field) a result or frame can go into. */
export function UseAsInput({
  targets,
  onPick,
  label,
  testId = 'use-as-input',
}: {
  targets: Slot[];
  onPick(slot: Slot): void;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, [open]);
  return (
    <div className="lb-use" ref={ref}>
      <button
        type="button"
        className="btn"
        aria-expanded={open}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        <ArrowRightToLine size={15} /> {label ?? t('library.useAsInput')} <ChevronDown size={14} />
      </button>
      {open && (
        <div className="lb-use-menu" role="menu" data-testid={`${testId}-menu`}>
          {targets.map((s) => (
            <button
              key={s.id}
              role="menuitem"
              className="lb-use-item"
              data-testid={`${testId}-${s.id}`}
              onClick={() => {
                setOpen(false);
                onPick(s);
              }}
            >
              <span>{t(`library.slot.${s.id}`)}</span>
              <span className="muted">{t(`op.${s.operationId}.label`)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
