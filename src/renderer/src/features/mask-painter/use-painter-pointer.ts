import { useRef, useState, type RefObject } from 'react';
import type { MaskDocument } from './mask-document';
import type { Rect } from './mask-raster';
import { usePainterToolStore } from './painter-tool-store';
import type { StrokePoint } from './stroke-session';
import { screenToImage, type ViewTransform } from './view-transform';

export interface PainterPointerOptions {
  doc: MaskDocument;
  viewportRef: RefObject<HTMLElement | null>;
  view: RefObject<ViewTransform>;
  spaceHeld: boolean;
  pan: (dx: number, dy: number) => void;
  onStrokeDirty: (rect: Rect | null) => void;
  onStrokeEnd: (rect: Rect | null) => void;
}

type Drag = { kind: 'paint' | 'pan'; pointerId: number; lastX: number; lastY: number };

type PointerHandler = (e: React.PointerEvent<HTMLElement>) => void;

export interface PainterPointer {
  handlers: {
    onPointerDown: PointerHandler;
    onPointerMove: PointerHandler;
    onPointerUp: PointerHandler;
    onPointerCancel: PointerHandler;
    onLostPointerCapture: PointerHandler;
    onPointerLeave: PointerHandler;
  };
  cursorRef: RefObject<HTMLDivElement | null>;
  panning: boolean;
}

/**
 * Strokes and Space/middle-button panning. The viewport captures the pointer on press, so a stroke
 * that leaves the canvas keeps receiving moves and is committed on release wherever that happens
 * (ComfyUI #12053 lost strokes dragged outside the canvas).
 */
export function usePainterPointer(o: PainterPointerOptions): PainterPointer {
  const drag = useRef<Drag | null>(null);
  const box = useRef<DOMRect | null>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const [panning, setPanning] = useState(false);

  const toImage = (e: { clientX: number; clientY: number }, pressure?: number): StrokePoint => {
    const r = box.current ?? o.viewportRef.current?.getBoundingClientRect();
    const p = screenToImage(o.view.current, { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) });
    return pressure === undefined ? p : { ...p, pressure };
  };

  /** Pen pressure only: mice report a constant 0.5 while pressed, which would halve every dab. */
  const pressureOf = (e: PointerEvent): number | undefined => (e.pointerType === 'pen' && e.pressure > 0 ? e.pressure : undefined);

  const moveCursor = (e: React.PointerEvent<HTMLElement>): void => {
    const c = cursorRef.current;
    const r = box.current;
    if (!c || !r) return;
    const d = usePainterToolStore.getState().size * o.view.current.zoom;
    // transform, not left/top: moving the outline then needs no layout.
    c.style.width = `${d}px`;
    c.style.height = `${d}px`;
    c.style.transform = `translate(${e.clientX - r.left - d / 2}px, ${e.clientY - r.top - d / 2}px)`;
    c.style.visibility = drag.current?.kind === 'pan' || o.spaceHeld ? 'hidden' : 'visible';
  };

  const finish = (e: React.PointerEvent<HTMLElement>): void => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (d.kind === 'paint') o.onStrokeEnd(o.doc.endStroke());
    else setPanning(false);
  };

  const onPointerDown: PointerHandler = (e) => {
    const vp = o.viewportRef.current;
    if (!vp || drag.current) return;
    vp.focus({ preventScroll: true });
    box.current = vp.getBoundingClientRect();
    const wantsPan = o.spaceHeld || e.button === 1;
    if (!wantsPan && e.button !== 0) return;
    e.preventDefault();
    try {
      vp.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic events (tests, bench) have no active pointer to capture; painting still works.
    }
    drag.current = { kind: wantsPan ? 'pan' : 'paint', pointerId: e.pointerId, lastX: e.clientX, lastY: e.clientY };
    if (wantsPan) return setPanning(true);
    const s = usePainterToolStore.getState();
    const settings = { size: s.size, hardness: s.hardness, opacity: s.opacity };
    o.onStrokeDirty(o.doc.beginStroke(s.tool, settings, toImage(e, pressureOf(e.nativeEvent))));
  };

  const onPointerMove: PointerHandler = (e) => {
    if (!box.current) box.current = o.viewportRef.current?.getBoundingClientRect() ?? null;
    moveCursor(e);
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (d.kind === 'pan') {
      o.pan(e.clientX - d.lastX, e.clientY - d.lastY);
    } else {
      // Coalesced events carry the samples Chromium merged into this frame: fast strokes stay smooth.
      const native = e.nativeEvent;
      const samples = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
      const list = samples.length > 0 ? samples : [native];
      o.onStrokeDirty(o.doc.continueStroke(list.map((s) => toImage(s, pressureOf(s)))));
    }
    d.lastX = e.clientX;
    d.lastY = e.clientY;
  };

  const onPointerLeave: PointerHandler = () => {
    if (cursorRef.current && !drag.current) cursorRef.current.style.visibility = 'hidden';
    if (!drag.current) box.current = null;
  };

  return {
    handlers: { onPointerDown, onPointerMove, onPointerUp: finish, onPointerCancel: finish, onLostPointerCapture: finish, onPointerLeave },
    cursorRef,
    panning,
  };
}
