/**
 * Crop-to-ratio geometry, DOM-free. The frame is the largest rectangle of the target ratio inside the
 * source, times `scale` (0.2..1), centred on (cx, cy) in source fractions and kept inside the source.
 * Output is whole source pixels, so the staged file has exactly the size the user saw.
 */
export interface CropFrame {
  cx: number;
  cy: number;
  scale: number;
}

export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const CENTRED_FRAME: CropFrame = { cx: 0.5, cy: 0.5, scale: 1 };
export const MIN_CROP_SCALE = 0.2;

export function cropRect(srcW: number, srcH: number, ratio: number, f: CropFrame): PixelRect {
  const scale = Math.min(1, Math.max(MIN_CROP_SCALE, f.scale));
  let w = srcW / srcH > ratio ? srcH * ratio : srcW;
  w = Math.max(1, Math.min(srcW, Math.round(w * scale)));
  const h = Math.max(1, Math.min(srcH, Math.round(w / ratio)));
  const x = Math.round(Math.min(srcW - w, Math.max(0, f.cx * srcW - w / 2)));
  const y = Math.round(Math.min(srcH - h, Math.max(0, f.cy * srcH - h / 2)));
  return { x, y, w, h };
}

/** The frame moved by (dx, dy) source fractions, its centre kept where the frame stays inside. */
export function moveFrame(
  srcW: number,
  srcH: number,
  ratio: number,
  f: CropFrame,
  dx: number,
  dy: number,
): CropFrame {
  const r = cropRect(srcW, srcH, ratio, f);
  const halfW = r.w / srcW / 2;
  const halfH = r.h / srcH / 2;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  // Start from the frame's actual centre (the stored one may sit outside after a clamp).
  const cx = (r.x + r.w / 2) / srcW;
  const cy = (r.y + r.h / 2) / srcH;
  return { ...f, cx: clamp(cx + dx, halfW, 1 - halfW), cy: clamp(cy + dy, halfH, 1 - halfH) };
}

/** True when the source is already of the ratio (within 1 %), so no crop is offered. */
export const fitsRatio = (srcW: number, srcH: number, ratio: number): boolean =>
  Math.abs(srcW / srcH / ratio - 1) < 0.01;

/** Target ratio from a form's values: an aspect ratio `w:h` wins over a size `WxH`. */
export function targetRatio(values: Record<string, unknown>): { label: string; ratio: number } | null {
  for (const key of ['aspect_ratio', 'size']) {
    const v = values[key];
    if (typeof v !== 'string') continue;
    const m = /^(\d+(?:\.\d+)?)[:x](\d+(?:\.\d+)?)$/.exec(v);
    if (m && Number(m[1]) > 0 && Number(m[2]) > 0)
      return { label: v.replace('x', '×'), ratio: Number(m[1]) / Number(m[2]) };
  }
  return null;
}
