import type { MaskRaster, Rect } from './mask-raster';

export type Rgb = readonly [number, number, number];

/** Whether this machine stores a Uint32 low byte first (every platform Chromium ships on does). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Fills RGBA pixels for the overlay: the overlay colour everywhere, alpha = mask value. `out` holds rows
 * of `stride` pixels (an ImageData reused across frames may be wider than `rect`); row y of `rect` goes
 * to row y − rect.y, from its start. One 32-bit store per pixel. Overlay opacity is applied by CSS on the
 * canvas so changing it repaints nothing.
 */
export function writeOverlayPixels(
  mask: MaskRaster,
  rect: Rect,
  rgb: Rgb,
  out: Uint8ClampedArray,
  stride: number = rect.w,
): void {
  const [r, g, b] = rgb;
  const data = mask.data;
  if (!LITTLE_ENDIAN) {
    for (let row = 0; row < rect.h; row++) {
      let i = (rect.y + row) * mask.width + rect.x;
      for (let x = 0, o = row * stride * 4; x < rect.w; x++, i++, o += 4) {
        out[o] = r;
        out[o + 1] = g;
        out[o + 2] = b;
        out[o + 3] = data[i] ?? 0;
      }
    }
    return;
  }
  const words = new Uint32Array(out.buffer, out.byteOffset, out.byteLength >> 2);
  const colour = (r | (g << 8) | (b << 16)) >>> 0;
  for (let row = 0; row < rect.h; row++) {
    let i = (rect.y + row) * mask.width + rect.x;
    const end = row * stride + rect.w;
    for (let o = row * stride; o < end; o++, i++) words[o] = (colour | ((data[i] ?? 0) << 24)) >>> 0;
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
