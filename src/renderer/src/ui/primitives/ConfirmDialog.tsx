import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { currentOpener, returnFocusTo } from './focus-return';

export type ConfirmTone = 'danger' | 'spend' | 'plain';

/**
 * A confirmation (Radix AlertDialog). Cancel has focus when it opens, so Enter never spends or destroys by
 * surprise; Escape cancels; a press outside does nothing (the question needs an answer).
 */
export function ConfirmDialog({
  open = true,
  title,
  body,
  confirmLabel,
  cancelLabel,
  tone = 'plain',
  onConfirm,
  onCancel,
  icon,
  children,
  testId,
  confirmTestId,
  cancelTestId,
}: {
  open?: boolean;
  title: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  tone?: ConfirmTone;
  onConfirm(): void;
  onCancel(): void;
  icon?: ReactNode;
  children?: ReactNode;
  testId?: string;
  confirmTestId?: string;
  cancelTestId?: string;
}) {
  const [opener] = useState(currentOpener);
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-backdrop ui-backdrop-confirm">
          <AlertDialog.Content
            className="ui-confirm"
            data-testid={testId}
            data-tone={tone}
            onCloseAutoFocus={returnFocusTo(opener)}
          >
            {icon && <div className={`ui-confirm-icon ${tone}`}>{icon}</div>}
            <AlertDialog.Title className="ui-confirm-title">{title}</AlertDialog.Title>
            {body && <AlertDialog.Description className="ui-confirm-body">{body}</AlertDialog.Description>}
            {children}
            <div className="ui-confirm-actions">
              <AlertDialog.Cancel className="btn" data-testid={cancelTestId}>
                {cancelLabel}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={`btn ${tone === 'danger' ? 'btn-danger-solid' : 'btn-primary'}`}
                data-testid={confirmTestId}
                onClick={onConfirm}
              >
                {confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
