/**
 * The mask as plain bytes: one byte per source pixel, 0 = keep, 255 = edit (gateway spec: white areas
 * are modified, black areas stay unchanged). DOM-free so the same code runs in vitest and in Chromium.
 *
 * The raster is split into square tiles for undo patches: a diagonal stroke across a 4096² image touches
 * a few dozen tiles, whereas its bounding rectangle would be most of the image.
 */

export const TILE_SIZE = 64;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface MaskRaster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly tilesX: number;
  readonly tilesY: number;
}

export function createMaskRaster(width: number, height: number, initial?: Uint8Array): MaskRaster {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`mask size must be positive integers, got ${width}×${height}`);
  }
  const data = new Uint8Array(width * height);
  if (initial) {
    if (initial.length !== data.length) {
      throw new RangeError(`initial mask has ${initial.length} bytes, expected ${data.length}`);
    }
    data.set(initial);
  }
  return {
    width,
    height,
    data,
    tilesX: Math.ceil(width / TILE_SIZE),
    tilesY: Math.ceil(height / TILE_SIZE),
  };
}

export function fullRect(mask: MaskRaster): Rect {
  return { x: 0, y: 0, w: mask.width, h: mask.height };
}

export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    w: Math.max(a.x + a.w, b.x + b.w) - x,
    h: Math.max(a.y + a.h, b.y + b.h) - y,
  };
}

export function tileRect(mask: MaskRaster, index: number): Rect {
  const tx = index % mask.tilesX;
  const ty = Math.floor(index / mask.tilesX);
  const x = tx * TILE_SIZE;
  const y = ty * TILE_SIZE;
  return { x, y, w: Math.min(TILE_SIZE, mask.width - x), h: Math.min(TILE_SIZE, mask.height - y) };
}

export function readTile(mask: MaskRaster, index: number): Uint8Array {
  const r = tileRect(mask, index);
  const out = new Uint8Array(r.w * r.h);
  for (let row = 0; row < r.h; row++) {
    const start = (r.y + row) * mask.width + r.x;
    out.set(mask.data.subarray(start, start + r.w), row * r.w);
  }
  return out;
}

/** Writes a tile from bytes, or fills it with one value (uniform tiles are stored as a number). */
export function writeTile(mask: MaskRaster, index: number, src: Uint8Array | number): void {
  const r = tileRect(mask, index);
  for (let row = 0; row < r.h; row++) {
    const start = (r.y + row) * mask.width + r.x;
    if (typeof src === 'number') mask.data.fill(src, start, start + r.w);
    else mask.data.set(src.subarray(row * r.w, row * r.w + r.w), start);
  }
}

export function hasEdit(mask: MaskRaster): boolean {
  const d = mask.data;
  for (let i = 0; i < d.length; i++) if (d[i] !== 0) return true;
  return false;
}

export type MaskSourceMode = 'luminance' | 'transparent-is-edit' | 'auto';

/**
 * Converts RGBA pixels of an existing mask image (same size as the raster) to mask bytes.
 * - `luminance`: white = edit, black = keep (our export, the gateway convention).
 * - `transparent-is-edit`: OpenAI-style masks, edit = 255 − alpha.
 * - `auto`: any non-opaque pixel means the file carries its meaning in alpha (our alpha export
 *   round-trips), otherwise luminance.
 */
export function maskBytesFromRgba(rgba: Uint8Array | Uint8ClampedArray, mode: MaskSourceMode): Uint8Array {
  const n = rgba.length >> 2;
  let resolved = mode;
  if (resolved === 'auto') {
    resolved = 'luminance';
    for (let i = 0; i < n; i++) {
      if (rgba[i * 4 + 3] !== 255) {
        resolved = 'transparent-is-edit';
        break;
      }
    }
  }
  const out = new Uint8Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    if (resolved === 'transparent-is-edit') {
      out[i] = 255 - (rgba[p + 3] ?? 255);
    } else {
      // Rec. 601 luma, so a coloured mask (e.g. red overlay) still maps sensibly.
      const luma = ((rgba[p] ?? 0) * 299 + (rgba[p + 1] ?? 0) * 587 + (rgba[p + 2] ?? 0) * 114) / 1000;
      out[i] = Math.round(luma);
    }
  }
  return out;
}
