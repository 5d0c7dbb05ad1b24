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
  secondary,
  focusOnClose,
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
  /** A second way to answer yes (e.g. "Insert at cursor" beside "Replace"), placed between Cancel and the confirm. */
  secondary?: { label: string; onSelect(): void; testId?: string };
  /** Where focus goes on closing, when not back to the opener (the field an answer changed); null: the opener. */
  focusOnClose?(): HTMLElement | null;
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
            onCloseAutoFocus={(e) => {
              const target = focusOnClose?.();
              if (!target) return returnFocusTo(opener)(e);
              e.preventDefault();
              target.focus();
            }}
          >
            {icon && <div className={`ui-confirm-icon ${tone}`}>{icon}</div>}
            <AlertDialog.Title className="ui-confirm-title">{title}</AlertDialog.Title>
            {body && <AlertDialog.Description className="ui-confirm-body">{body}</AlertDialog.Description>}
            {children}
            <div className="ui-confirm-actions">
              <AlertDialog.Cancel className="btn" data-testid={cancelTestId}>
                {cancelLabel}
              </AlertDialog.Cancel>
              {secondary && (
                <AlertDialog.Action className="btn" data-testid={secondary.testId} onClick={secondary.onSelect}>
                  {secondary.label}
                </AlertDialog.Action>
              )}
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
