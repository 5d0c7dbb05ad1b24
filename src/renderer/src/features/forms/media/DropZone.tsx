import { useState, type ReactNode } from 'react';
import type { MediaKind, MediaValue } from '../../../../../shared/operations/media';
import { isResultDrag, readResultDrag } from '../../library';

/**
 * A region that takes dropped files; children render inside it. With `onResult`, it also takes gallery
 * results dragged from a tile or the lightbox, when their kind is `accept`.
 */
export function DropZone({
  onFiles,
  onResult,
  accept,
  children,
  className,
  disabled,
  testId,
}: {
  onFiles(files: File[]): void;
  onResult?: (value: MediaValue) => void;
  accept?: MediaKind;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`fm-drop${over ? ' fm-drop-over' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        const result = !!onResult && isResultDrag(e);
        if (disabled || (!e.dataTransfer.types.includes('Files') && !result)) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (disabled) return;
        const result = onResult ? readResultDrag(e) : null;
        if (result) {
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          if (!accept || result.kind === accept) onResult?.(result.value);
          return;
        }
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      {children}
    </div>
  );
}
