/**
 * Region fills of the full-screen editor, DOM-free: each builds a coverage map (one byte per source pixel,
 * 0..255) that `combine` merges into the mask as "add" (max) or "subtract". The result goes to
 * `MaskDocument.load`, so every region fill is one undoable step of the painter's own history.
 */
import type { Point } from '../../mask-painter';

export type RegionMode = 'add' | 'subtract';

/** Even-odd scanline fill of a polygon (lasso) at pixel centres. */
export function polygonCoverage(width: number, height: number, points: readonly Point[]): Uint8Array {
  const out = new Uint8Array(width * height);
  if (points.length < 3) return out;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(height - 1, Math.ceil(maxY));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const a = points[i] as Point;
      const b = points[j] as Point;
      if (a.y > cy !== b.y > cy) xs.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // Pixel x is inside when its centre x + 0.5 lies in [xs[k], xs[k+1]).
      const from = Math.max(0, Math.ceil((xs[k] as number) - 0.5));
      const to = Math.min(width, Math.ceil((xs[k + 1] as number) - 0.5));
      if (to > from) out.fill(255, y * width + from, y * width + to);
    }
  }
  return out;
}

/** A rectangle between two corners (any order), clipped to the image. */
export function rectCoverage(width: number, height: number, a: Point, b: Point): Uint8Array {
  const out = new Uint8Array(width * height);
  const x0 = Math.max(0, Math.round(Math.min(a.x, b.x)));
  const x1 = Math.min(width, Math.round(Math.max(a.x, b.x)));
  const y0 = Math.max(0, Math.round(Math.min(a.y, b.y)));
  const y1 = Math.min(height, Math.round(Math.max(a.y, b.y)));
  for (let y = y0; y < y1; y++) out.fill(255, y * width + x0, y * width + x1);
  return out;
}

/**
 * Select by colour: pixels whose RGB lies within `tolerance` (0..100, % of the largest channel distance)
 * of the seed pixel. `contiguous` grows a 4-connected region from the seed (a magic wand); otherwise every
 * matching pixel of the image is taken.
 */
export function colourCoverage(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  seed: Point,
  tolerance: number,
  contiguous: boolean,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const sx = Math.floor(seed.x);
  const sy = Math.floor(seed.y);
  if (sx < 0 || sy < 0 || sx >= width || sy >= height) return out;
  const s = (sy * width + sx) * 4;
  const r = rgba[s] ?? 0;
  const g = rgba[s + 1] ?? 0;
  const b = rgba[s + 2] ?? 0;
  const limit = Math.round((Math.max(0, Math.min(100, tolerance)) / 100) * 255);
  const near = (i: number): boolean => {
    const p = i * 4;
    return (
      Math.abs((rgba[p] ?? 0) - r) <= limit &&
      Math.abs((rgba[p + 1] ?? 0) - g) <= limit &&
      Math.abs((rgba[p + 2] ?? 0) - b) <= limit
    );
  };
  if (!contiguous) {
    for (let i = 0; i < out.length; i++) if (near(i)) out[i] = 255;
    return out;
  }
  const stack = new Int32Array(width * height);
  let top = 0;
  stack[top++] = sy * width + sx;
  out[sy * width + sx] = 255;
  while (top > 0) {
    const i = stack[--top] as number;
    const x = i % width;
    const visit = (j: number): void => {
      if (out[j] === 0 && near(j)) {
        out[j] = 255;
        stack[top++] = j;
      }
    };
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i < out.length - width) visit(i + width);
  }
  return out;
}

/** Merges coverage into a copy of the mask: add takes the max, subtract lowers by the coverage. */
export function combine(mask: Uint8Array, coverage: Uint8Array, mode: RegionMode): Uint8Array {
  const out = mask.slice();
  if (mode === 'add') {
    for (let i = 0; i < out.length; i++) if ((coverage[i] ?? 0) > (out[i] ?? 0)) out[i] = coverage[i] ?? 0;
  } else {
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, (out[i] ?? 0) - (coverage[i] ?? 0));
  }
  return out;
}

/** One horizontal then vertical running-sum box blur pass of radius r (in place through `tmp`). */
function boxPass(
  src: Uint8Array,
  dst: Uint8Array,
  width: number,
  height: number,
  r: number,
  horizontal: boolean,
): void {
  const lines = horizontal ? height : width;
  const len = horizontal ? width : height;
  const stride = horizontal ? 1 : width;
  const span = 2 * r + 1;
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * width : line;
    let sum = 0;
    // Edge pixels repeat outward, so a mask touching the border stays solid there.
    const at = (k: number): number => src[base + Math.min(len - 1, Math.max(0, k)) * stride] ?? 0;
    for (let k = -r; k <= r; k++) sum += at(k);
    for (let k = 0; k < len; k++) {
      dst[base + k * stride] = Math.round(sum / span);
      sum += at(k + r + 1) - at(k - r);
    }
  }
}

/**
 * Feather: softens every edge of the mask by about `radius` pixels (three box passes ≈ a Gaussian).
 * Uniform areas keep their value, so a fully kept or fully edited region stays exact.
 */
export function feather(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const r = Math.max(0, Math.round(radius / 3));
  if (r === 0) return mask.slice();
  const a = mask.slice();
  const b = new Uint8Array(mask.length);
  for (let pass = 0; pass < 3; pass++) {
    boxPass(a, b, width, height, r, true);
    boxPass(b, a, width, height, r, false);
  }
  // The final vertical pass wrote into a.
  return a;
}

/** The smallest rectangle holding every non-zero byte of a coverage map (null when empty): only that repaints. */
export function coverageBounds(
  coverage: Uint8Array,
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } | null {
  let x0 = width;
  let x1 = -1;
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++)
      if (coverage[row + x] !== 0) {
        if (first < 0) first = x;
        last = x;
      }
    if (first < 0) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, first);
    x1 = Math.max(x1, last);
  }
  return y0 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}
