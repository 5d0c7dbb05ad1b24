/**
 * Screen ↔ image mapping for the painter's viewport: screen = image × zoom + pan, where screen is in
 * CSS pixels relative to the viewport's top-left corner and image is in source pixels.
 */
export interface ViewTransform {
  zoom: number;
  panX: number;
  panY: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface ZoomLimits {
  min: number;
  max: number;
}

export const DEFAULT_ZOOM_LIMITS: ZoomLimits = { min: 0.01, max: 32 };

export const IDENTITY_VIEW: ViewTransform = { zoom: 1, panX: 0, panY: 0 };

export function screenToImage(v: ViewTransform, p: Point): Point {
  return { x: (p.x - v.panX) / v.zoom, y: (p.y - v.panY) / v.zoom };
}

export function imageToScreen(v: ViewTransform, p: Point): Point {
  return { x: p.x * v.zoom + v.panX, y: p.y * v.zoom + v.panY };
}

/** Zooms by `factor` keeping the image point under `anchor` (screen) fixed — "zoom to the cursor". */
export function zoomAt(v: ViewTransform, anchor: Point, factor: number, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): ViewTransform {
  const zoom = Math.min(limits.max, Math.max(limits.min, v.zoom * factor));
  const img = screenToImage(v, anchor);
  return { zoom, panX: anchor.x - img.x * zoom, panY: anchor.y - img.y * zoom };
}

export function panBy(v: ViewTransform, dx: number, dy: number): ViewTransform {
  return { zoom: v.zoom, panX: v.panX + dx, panY: v.panY + dy };
}

/** Largest zoom showing the whole image centred in the viewport, leaving `padding` px around it. */
export function fitToView(
  imageWidth: number,
  imageHeight: number,
  viewWidth: number,
  viewHeight: number,
  padding = 16,
  limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
): ViewTransform {
  const availW = Math.max(1, viewWidth - 2 * padding);
  const availH = Math.max(1, viewHeight - 2 * padding);
  const zoom = Math.min(limits.max, Math.max(limits.min, Math.min(availW / imageWidth, availH / imageHeight)));
  return { zoom, panX: (viewWidth - imageWidth * zoom) / 2, panY: (viewHeight - imageHeight * zoom) / 2 };
}

/** Wheel delta → zoom factor: ×1.1 per 100 px notch, smooth for trackpads (small deltas). */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  // deltaMode 1 = lines, 2 = pages; normalise to pixels so every device zooms at a similar pace.
  const px = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 800 : deltaY;
  return Math.pow(1.1, -px / 100);
}
