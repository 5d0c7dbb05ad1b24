import { useState, type ReactNode } from 'react';

/** A region that takes dropped files; children render inside it. */
export function DropZone({ onFiles, children, className, disabled, testId }: { onFiles(files: File[]): void; children: ReactNode; className?: string; disabled?: boolean; testId?: string }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`fm-drop${over ? ' fm-drop-over' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        if (disabled || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (disabled || !e.dataTransfer.files.length) return;
        e.preventDefault();
        setOver(false);
        onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      {children}
    </div>
  );
}
