/**
 * Where focus goes back when a modal closes. Radix returns focus to a Dialog.Trigger, but our modals are
 * opened from state (a tile, a menu item, a shortcut), so the opener is remembered here: the last element
 * focused outside any overlay (a menu item that opened a confirmation is gone by then; its menu's trigger is not).
 */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';
let last: HTMLElement | null = null;

const remember = (target: EventTarget | null) => {
  const el = target instanceof Element ? target.closest<HTMLElement>('button, a[href], input, select, textarea, [tabindex]') : null;
  if (el && !el.closest(OVERLAY)) last = el;
};

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => remember(e.target), true);
  // A menu trigger never takes focus on press (Radix gives it to the menu): the press says who opened it.
  document.addEventListener('pointerdown', (e) => remember(e.target), true);
}

/** The element to return focus to for a modal opening now. */
export function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(OVERLAY)) return active;
  return last;
}

/** Radix's onCloseAutoFocus handler: focus the opener if it is still in the page. */
export function returnFocusTo(opener: HTMLElement | null) {
  return (e: Event) => {
    e.preventDefault();
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  };
}

/**
 * Focus was lost: the focused control went from the page (Chromium then leaves it on <body>), so the next Tab
 * would start again at the top. A control that takes its place gives focus a home only then, never taking it
 * from where the user has put it.
 */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Focuses the first control of `container` a Tab would reach. A radio group is one Tab stop, its checked radio
 * (Radix makes the group tabbable a render after its radios mount, too late for a layout effect: asked here).
 */
export function focusFirstIn(container: HTMLElement | null | undefined): boolean {
  const first = [...(container?.querySelectorAll<HTMLElement>('*') ?? [])].find(
    (el) =>
      (el.tabIndex >= 0 || el.getAttribute('role') === 'radiogroup') &&
      !el.matches(':disabled') &&
      el.getClientRects().length > 0,
  );
  const target =
    first?.getAttribute('role') === 'radiogroup'
      ? (first.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? first.querySelector<HTMLElement>('[role="radio"]:not(:disabled)'))
      : first;
  target?.focus({ preventScroll: true });
  return !!target;
}
