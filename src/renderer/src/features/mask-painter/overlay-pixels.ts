import type { MaskRaster, Rect } from './mask-raster';

export type Rgb = readonly [number, number, number];

/**
 * Fills RGBA pixels (rect-sized, row-major) for the overlay: the overlay colour everywhere, alpha =
 * mask value. Overlay opacity is applied by CSS on the canvas so changing it repaints nothing.
 */
export function writeOverlayPixels(mask: MaskRaster, rect: Rect, rgb: Rgb, out: Uint8ClampedArray): void {
  const [r, g, b] = rgb;
  const data = mask.data;
  let o = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    let i = y * mask.width + rect.x;
    for (let x = 0; x < rect.w; x++, i++, o += 4) {
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = data[i] ?? 0;
    }
  }
}

export function parseHexColor(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return [255, 0, 80];
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** Clips a rectangle to the raster; null when nothing is left. */
export function clipRect(mask: MaskRaster, r: Rect): Rect | null {
  const x = Math.max(0, Math.floor(r.x));
  const y = Math.max(0, Math.floor(r.y));
  const x2 = Math.min(mask.width, Math.ceil(r.x + r.w));
  const y2 = Math.min(mask.height, Math.ceil(r.y + r.h));
  return x2 > x && y2 > y ? { x, y, w: x2 - x, h: y2 - y } : null;
}
