import { Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * An image shown fitted, with zoom (wheel toward the cursor, buttons, double-click) and pan (drag).
 * Scale is relative to the fitted size; the transform is one CSS transform, so it stays smooth.
 */
export function ZoomImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(FIT);
  const drag = useRef<{ x: number; y: number; vx: number; vy: number } | null>(null);
  const img = useRef<HTMLImageElement>(null);
  // Shown size at fit ÷ the image's own pixels: the zoom level reads 100 % at 1:1 pixels, not at fit.
  const [fitRatio, setFitRatio] = useState(1);
  useEffect(() => setView(FIT), [src]);
  useEffect(() => {
    const el = img.current;
    if (!el) return;
    const measure = () => {
      if (el.naturalWidth > 0 && el.clientWidth > 0) setFitRatio(el.clientWidth / el.naturalWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('load', measure);
    measure();
    return () => {
      observer.disconnect();
      el.removeEventListener('load', measure);
    };
  }, [src]);

  const zoomAt = useCallback((factor: number, cx: number, cy: number) => {
    setView((v) => {
      const scale = clamp(v.scale * factor, 1, 16);
      const k = scale / v.scale;
      // Keep the point under the cursor still: p' = c - (c - p) * k, in coordinates relative to the centre.
      const next = { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
      return scale === 1 ? FIT : next;
    });
  }, []);

  const centreOffset = (clientX: number, clientY: number) => {
    const r = box.current?.getBoundingClientRect();
    return r ? { cx: clientX - r.left - r.width / 2, cy: clientY - r.top - r.height / 2 } : { cx: 0, cy: 0 };
  };

  const onWheel = (e: WheelEvent) => {
    const { cx, cy } = centreOffset(e.clientX, e.clientY);
    zoomAt(Math.exp(-e.deltaY * 0.0015), cx, cy);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (view.scale === 1 || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (d) setView((v) => ({ ...v, x: d.vx + e.clientX - d.x, y: d.vy + e.clientY - d.y }));
  };
  const onDoubleClick = (e: MouseEvent) => {
    const { cx, cy } = centreOffset(e.clientX, e.clientY);
    if (view.scale > 1) setView(FIT);
    else zoomAt(2.5, cx, cy);
  };

  return (
    <div
      ref={box}
      className={`gl-zoom${view.scale > 1 ? ' zoomed' : ''}`}
      onWheel={onWheel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onDoubleClick={onDoubleClick}
      data-testid="lightbox-image-box"
    >
      <img ref={img} src={src} alt={alt} draggable={false} data-testid="lightbox-image" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }} />
      <div className="gl-zoom-tools" onDoubleClick={(e) => e.stopPropagation()}>
        <button className="icon-btn" aria-label={t('gallery.lightbox.zoomOut')} onClick={() => zoomAt(1 / 1.5, 0, 0)}>
          <Minus size={15} />
        </button>
        <span className="gl-zoom-level" data-testid="zoom-level">
          {Math.round(view.scale * fitRatio * 100)}%
        </span>
        <button className="icon-btn" aria-label={t('gallery.lightbox.zoomIn')} data-testid="zoom-in" onClick={() => zoomAt(1.5, 0, 0)}>
          <Plus size={15} />
        </button>
        <button className="icon-btn" aria-label={t('gallery.lightbox.fit')} onClick={() => setView(FIT)}>
          <Maximize size={15} />
        </button>
      </div>
    </div>
  );
}
