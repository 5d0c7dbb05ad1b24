import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { currentOpener, returnFocusTo } from './focus-return';

/**
 * A modal dialog (Radix): focus moves in when it opens, Tab stays inside, Escape and a press on the backdrop
 * close it, and focus returns to whatever had it before. The backdrop wraps the panel so each surface keeps
 * its own centring CSS.
 */
export function Modal({
  open = true,
  onClose,
  label,
  className,
  backdropClassName = 'ui-backdrop',
  testId,
  role,
  closeOnOutside = true,
  onOpenAutoFocus,
  children,
  ...rest
}: {
  open?: boolean;
  onClose(): void;
  /** The accessible name, rendered as a hidden title (pass a visible `<ModalTitle>` inside instead when there is one). */
  label?: string;
  className?: string;
  backdropClassName?: string;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  closeOnOutside?: boolean;
  onOpenAutoFocus?: (e: Event) => void;
  children: ReactNode;
  [data: `data-${string}`]: string | number | undefined;
}) {
  const [opener] = useState(currentOpener);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={backdropClassName}>
          <Dialog.Content
            className={className}
            data-testid={testId}
            {...(role ? { role } : {})}
            aria-describedby={undefined}
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={returnFocusTo(opener)}
            onPointerDownOutside={(e) => {
              if (!closeOnOutside) e.preventDefault();
            }}
            {...rest}
          >
            {label !== undefined && <Dialog.Title className="sr-only">{label}</Dialog.Title>}
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalTitle = Dialog.Title;
export const ModalClose = Dialog.Close;

/** True while any modal is open: global shortcuts outside it must not open a second one on top. */
export function isModalOpen(): boolean {
  return (
    document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
    null
  );
}
