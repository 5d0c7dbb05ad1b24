import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';

export interface ToastItem {
  id: number;
  text: string;
  tone: 'ok' | 'error';
}

/**
 * Toasts (Radix): announced politely, paused while hovered or focused, dismissed by swipe, Escape or ✕;
 * F8 moves focus to them. Errors stay longer.
 */
export function ToastHost({
  toasts,
  onDismiss,
  closeLabel,
  toastLabel,
  regionLabel,
}: {
  toasts: readonly ToastItem[];
  onDismiss(id: number): void;
  closeLabel: string;
  /** What each toast is called as it is announced ("Notification"). */
  toastLabel: string;
  /** The region's name, with "{hotkey}" where Radix puts the key that moves focus there. */
  regionLabel: string;
}) {
  return (
    <Toast.Provider swipeDirection="right" label={toastLabel}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`ui-toast ${t.tone}`}
          type={t.tone === 'error' ? 'foreground' : 'background'}
          duration={t.tone === 'error' ? 6000 : 2400}
          onOpenChange={(open) => !open && onDismiss(t.id)}
          data-testid="toast"
        >
          {t.tone === 'ok' ? <CheckCircle2 size={15} aria-hidden /> : <CircleAlert size={15} aria-hidden />}
          <Toast.Description className="ui-toast-text">{t.text}</Toast.Description>
          <Toast.Close className="ui-toast-close" aria-label={closeLabel}>
            <X size={13} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* The region's name carries "{hotkey}", which Radix fills in (F8); its default label is English. */}
      <Toast.Viewport className="ui-toasts" label={regionLabel} />
    </Toast.Provider>
  );
}
