import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useSelectionStore } from '../../gallery';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const ITEM = '[data-testid="task-tile"], [data-testid="task-row"]';
const INTERACTIVE = '.gl-tile, .gl-list-row, button, input, select, textarea, a, label';

/**
 * A lasso over the gallery: press on empty space between tiles (or rows) and drag; every tile the
 * rectangle touches is selected (added to the selection with Shift or Ctrl/Cmd).
 */
export function useLasso(): { handlers: { onPointerDown(e: ReactPointerEvent): void }; box: ReactNode } {
  const [box, setBox] = useState<Box | null>(null);
  const base = useRef<Set<string>>(new Set());
  const onPointerDown = (e: ReactPointerEvent) => {
    const target = e.target as HTMLElement;
    if (e.button !== 0 || !target.closest('.gl-scroll') || target.closest(INTERACTIVE)) return;
    const root = e.currentTarget as HTMLElement;
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    base.current = additive ? new Set(useSelectionStore.getState().ids) : new Set();
    const start = { x0: e.clientX, y0: e.clientY, x1: e.clientX, y1: e.clientY };
    let moved = false;
    const move = (ev: PointerEvent) => {
      const b = { ...start, x1: ev.clientX, y1: ev.clientY };
      if (!moved && Math.abs(b.x1 - b.x0) + Math.abs(b.y1 - b.y0) < 6) return;
      moved = true;
      ev.preventDefault();
      setBox(b);
      const left = Math.min(b.x0, b.x1);
      const right = Math.max(b.x0, b.x1);
      const top = Math.min(b.y0, b.y1);
      const bottom = Math.max(b.y0, b.y1);
      const hit = new Set(base.current);
      root.querySelectorAll<HTMLElement>(ITEM).forEach((el) => {
        const r = el.getBoundingClientRect();
        if (r.right >= left && r.left <= right && r.bottom >= top && r.top <= bottom && el.dataset.taskId)
          hit.add(el.dataset.taskId);
      });
      useSelectionStore.getState().set(hit);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setBox(null);
      if (!moved && !additive) useSelectionStore.getState().clear();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const node = box ? (
    <div
      className="lb-lasso"
      data-testid="lasso"
      style={{
        left: Math.min(box.x0, box.x1),
        top: Math.min(box.y0, box.y1),
        width: Math.abs(box.x1 - box.x0),
        height: Math.abs(box.y1 - box.y0),
      }}
    />
  ) : null;
  return { handlers: { onPointerDown }, box: node };
}
