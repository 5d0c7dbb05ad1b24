import { useEffect, useRef, type ReactNode } from 'react';

/** An anchored panel that closes on Escape (without closing the editor) or a press outside it and its anchor. */
export function EditorPopover({
  onClose,
  label,
  children,
  anchor,
}: {
  onClose: () => void;
  label: string;
  children: ReactNode;
  anchor: HTMLElement | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (ref.current?.contains(t) || anchor?.contains(t)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      onClose();
    };
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [onClose, anchor]);
  return (
    <div ref={ref} className="cv-popover" role="dialog" aria-label={label}>
      {children}
    </div>
  );
}
