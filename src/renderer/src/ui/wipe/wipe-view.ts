/** Shared zoom/pan state of a 2-up comparison: scale is relative to the fitted size, x/y in CSS px from the centre. */
export interface WipeView {
  scale: number;
  x: number;
  y: number;
}

export const FIT_VIEW: WipeView = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 16;

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Zooms by `factor` keeping the point (cx, cy), relative to the viewport's centre, still on screen. */
export function zoomView(v: WipeView, factor: number, cx: number, cy: number): WipeView {
  const scale = clamp(v.scale * factor, 1, MAX_SCALE);
  if (scale === 1) return FIT_VIEW;
  const k = scale / v.scale;
  return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
}

export function panView(v: WipeView, dx: number, dy: number): WipeView {
  return v.scale === 1 ? v : { ...v, x: v.x + dx, y: v.y + dy };
}

/** The CSS transform both images share, so they stay aligned pixel for pixel at any zoom. */
export const viewTransform = (v: WipeView): string => `translate(${v.x}px, ${v.y}px) scale(${v.scale})`;

/** Wipe position (0..1) from a pointer's x inside a box. */
export const positionAt = (clientX: number, left: number, width: number): number =>
  width > 0 ? clamp((clientX - left) / width, 0, 1) : 0.5;
