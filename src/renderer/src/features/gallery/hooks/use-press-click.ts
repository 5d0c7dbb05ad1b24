import { useRef, type MouseEvent, type PointerEvent } from 'react';

/** How far (CSS px) a press may travel and still be a click, not a drag. */
const SLOP_PX = 6;
/** A click the browser makes after all, this soon after a press handled here, is the same click. */
const SAME_CLICK_MS = 500;
/** Controls of their own: a press on one of them is theirs, even when it vanishes under the pointer. */
const CONTROL = 'button, a, input, textarea, select, [role="menuitem"], [role="button"]';

interface Press {
  target: Element;
  x: number;
  y: number;
  pointerId: number;
}

/**
 * A tile's or a row's click that survives the element under the press being replaced before the release.
 * Chromium makes no `click` when the element pressed leaves the document before the pointer is released:
 * a press on a running tile's status line as the task finishes (the line goes), or on a picture's placeholder
 * as the picture arrives, was lost. Here a primary press and release on the item, with the pressed element
 * gone and the pointer still where it was, is the click. A press that began on a control (the "Check again"
 * button, the star) stays that control's: when it vanishes, nothing is opened in its place.
 */
export function usePressClick(onClick: (e: MouseEvent<HTMLElement>) => void): {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: (e: PointerEvent<HTMLElement>) => void;
  onClick: (e: MouseEvent<HTMLElement>) => void;
} {
  const press = useRef<Press | null>(null);
  const handledAt = useRef(Number.NEGATIVE_INFINITY);
  return {
    onPointerDown: (e) => {
      const target = e.target instanceof Element ? e.target : null;
      press.current =
        target && e.button === 0 && e.isPrimary && !target.closest(CONTROL)
          ? { target, x: e.clientX, y: e.clientY, pointerId: e.pointerId }
          : null;
    },
    onPointerUp: (e) => {
      const p = press.current;
      press.current = null;
      if (!p || e.button !== 0 || e.pointerId !== p.pointerId || p.target.isConnected) return;
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > SLOP_PX) return;
      handledAt.current = e.timeStamp;
      onClick(e);
    },
    onClick: (e) => {
      if (e.timeStamp - handledAt.current < SAME_CLICK_MS) return;
      onClick(e);
    },
  };
}
