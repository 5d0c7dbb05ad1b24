import { useEffect, useRef, type ReactNode } from 'react';

/** A small anchored popover that closes on Escape or a click outside it. */
export function Popover({ onClose, children, className, label }: { onClose(): void; children: ReactNode; className?: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [onClose]);
  return (
    <div ref={ref} className={`fm-popover${className ? ` ${className}` : ''}`} role="dialog" aria-label={label}>
      {children}
    </div>
  );
}
