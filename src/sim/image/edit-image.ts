import { hashString } from '../rng';
import type { Raster } from './raster';
import { createRaster, drawTextBox, fillGradient, hueToRgb } from './raster';
import { decodePng, encodePng } from './png';
import { clampSize, renderPromptPng } from './render-image';

export interface EditRequest {
  images: Buffer[];
  mask: Buffer | undefined;
  prompt: string;
  /** requested output size; used for compositions and for fresh images (single edits keep the source size) */
  size: { width: number; height: number } | undefined;
}

export interface EditResult {
  png: Buffer;
  width: number;
  height: number;
  /** explains a fallback, e.g. a non-PNG input */
  note?: string;
}

export class EditInputError extends Error {}

/** 1 where the mask allows editing: white (luminance ≥ 128), or transparent when the mask has alpha. */
function editMap(mask: Raster): Uint8Array {
  const n = mask.width * mask.height;
  let hasAlpha = false;
  for (let i = 0; i < n; i++) if ((mask.data[i * 4 + 3] ?? 255) < 255) hasAlpha = true;
  const map = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const [r = 0, g = 0, b = 0, a = 255] = mask.data.subarray(i * 4, i * 4 + 4);
    map[i] = hasAlpha ? (a < 128 ? 1 : 0) : 0.299 * r + 0.587 * g + 0.114 * b >= 128 ? 1 : 0;
  }
  return map;
}

function boundingBox(
  map: Uint8Array,
  width: number,
): { x: number; y: number; w: number; h: number } | undefined {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1;
  for (let i = 0; i < map.length; i++) {
    if (!map[i]) continue;
    const x = i % width,
      y = Math.floor(i / width);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/**
 * Edits one image: inside the edit area, rotate the colour channels, mix in a prompt-derived tint
 * and write the prompt; outside it, every pixel is copied from the source byte for byte.
 */
function editSingle(src: Raster, map: Uint8Array, prompt: string): Raster {
  const out: Raster = { width: src.width, height: src.height, data: Buffer.from(src.data) };
  const tint = hueToRgb(hashString(prompt) % 360, 0.9, 0.5);
  for (let i = 0; i < map.length; i++) {
    if (!map[i]) continue;
    const p = i * 4;
    const [r = 0, g = 0, b = 0] = src.data.subarray(p, p + 3);
    out.data[p] = (b + tint[0]) >> 1;
    out.data[p + 1] = (r + tint[1]) >> 1;
    out.data[p + 2] = (g + tint[2]) >> 1;
    out.data[p + 3] = 255;
  }
  const box = boundingBox(map, src.width);
  if (box) drawTextBox(out, prompt, { x: box.x + 2, y: box.y + 2, w: box.w - 4, h: box.h - 4 }, 8);
  for (let i = 0; i < map.length; i++) {
    const p = i * 4;
    if (!map[i]) {
      src.data.copy(out.data, p, p, p + 4);
      continue;
    }
    // Guarantee a visible change even where tint or text happens to match the source.
    let diff = 0;
    for (let c = 0; c < 3; c++) diff += Math.abs((out.data[p + c] ?? 0) - (src.data[p + c] ?? 0));
    // (v + 128) mod 256 always moves each channel by exactly 128.
    if (diff < 60) for (let c = 0; c < 3; c++) out.data[p + c] = ((src.data[p + c] ?? 0) + 128) & 255;
  }
  return out;
}

/** Nearest-neighbour "contain" blit of `img` into a cell of `dst`. */
function blit(dst: Raster, img: Raster, cx: number, cy: number, cw: number, ch: number): void {
  const scale = Math.min(cw / img.width, ch / img.height);
  const w = Math.max(1, Math.floor(img.width * scale)),
    h = Math.max(1, Math.floor(img.height * scale));
  const ox = cx + Math.floor((cw - w) / 2),
    oy = cy + Math.floor((ch - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.floor(y / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor(x / scale));
      img.data.copy(
        dst.data,
        ((oy + y) * dst.width + ox + x) * 4,
        (sy * img.width + sx) * 4,
        (sy * img.width + sx) * 4 + 4,
      );
    }
  }
}

/** Multi-image edit: the inputs laid out in a grid at the requested size, with the prompt over it. */
function compose(images: Buffer[], size: { width: number; height: number }, prompt: string): EditResult {
  const out = createRaster(size.width, size.height);
  fillGradient(out, [30, 30, 40], [70, 60, 90]);
  const cols = Math.ceil(Math.sqrt(images.length));
  const rows = Math.ceil(images.length / cols);
  const cw = Math.floor(size.width / cols),
    ch = Math.floor(size.height / rows);
  let unreadable = 0;
  images.forEach((bytes, k) => {
    const cx = (k % cols) * cw,
      cy = Math.floor(k / cols) * ch;
    const img = decodePng(bytes);
    if (img) blit(out, img, cx + 2, cy + 2, cw - 4, ch - 4);
    else {
      unreadable++;
      fillGradient(
        out,
        hueToRgb(k * 40, 0.5, 0.4),
        hueToRgb(k * 40 + 60, 0.5, 0.6),
        cx + 2,
        cy + 2,
        cw - 4,
        ch - 4,
      );
      drawTextBox(out, `image ${k + 1} (not PNG)`, { x: cx + 4, y: cy + 4, w: cw - 8, h: ch - 8 }, 4);
    }
  });
  drawTextBox(
    out,
    prompt,
    { x: 8, y: Math.floor(size.height * 0.75), w: size.width - 16, h: Math.floor(size.height * 0.22) },
    6,
  );
  const note = unreadable
    ? `${unreadable} input image(s) were not readable PNGs and are shown as placeholders`
    : undefined;
  return { png: encodePng(out), width: size.width, height: size.height, ...(note ? { note } : {}) };
}

export function editImages(req: EditRequest): EditResult {
  const size = clampSize(req.size?.width ?? 1024, req.size?.height ?? 1024);
  if (req.images.length > 1) return compose(req.images, size, req.prompt);
  const src = req.images[0] ? decodePng(req.images[0]) : undefined;
  if (!src) {
    const png = renderPromptPng(size.width, size.height, req.prompt, 'ATELIER SIM - FRESH IMAGE');
    return {
      png,
      ...size,
      note: 'input image is not a PNG the simulator can read; generated a fresh image instead',
    };
  }
  let map: Uint8Array;
  if (req.mask) {
    const mask = decodePng(req.mask);
    if (!mask) throw new EditInputError('mask must be a PNG image');
    if (mask.width !== src.width || mask.height !== src.height)
      throw new EditInputError(
        `mask must have the same dimensions as image (${src.width}x${src.height}), got ${mask.width}x${mask.height}`,
      );
    map = editMap(mask);
  } else map = new Uint8Array(src.width * src.height).fill(1);
  const out = editSingle(src, map, req.prompt);
  return { png: encodePng(out), width: out.width, height: out.height };
}
