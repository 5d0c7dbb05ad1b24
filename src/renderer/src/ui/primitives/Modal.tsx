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
  initialFocus = 'first',
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
  /**
   * Where focus goes as it opens: the first control (Radix's default), or the dialog itself, for a viewer
   * whose keys belong to the whole dialog (the lightbox's ← →) and whose first control would take them (a
   * video's own controls) or show its tooltip at once (so the first Escape only hid the tooltip).
   */
  initialFocus?: 'first' | 'dialog';
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
            onOpenAutoFocus={initialFocus === 'dialog' ? focusDialog : onOpenAutoFocus}
            data-initial-focus={initialFocus}
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

/** Focus on the dialog's own element (Radix made it focusable, tabIndex -1) instead of its first control. */
function focusDialog(e: Event): void {
  e.preventDefault();
  if (e.currentTarget instanceof HTMLElement) e.currentTarget.focus({ preventScroll: true });
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
