import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMaskRaster } from './mask-raster';
import { writeOverlayPixels, type Rgb } from './overlay-pixels';

/** The plain definition: per byte, rows of `stride` pixels. */
function reference(
  data: Uint8Array,
  width: number,
  rect: { x: number; y: number; w: number; h: number },
  rgb: Rgb,
  stride: number,
  out: Uint8ClampedArray,
): void {
  for (let row = 0; row < rect.h; row++)
    for (let x = 0; x < rect.w; x++) {
      const o = (row * stride + x) * 4;
      out[o] = rgb[0];
      out[o + 1] = rgb[1];
      out[o + 2] = rgb[2];
      out[o + 3] = data[(rect.y + row) * width + rect.x + x] ?? 0;
    }
}

describe('writeOverlayPixels (32-bit stores into a reusable, possibly wider buffer)', () => {
  it('writes exactly what the per-byte definition writes, and nothing outside the rectangle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.tuple(
          fc.integer({ min: 0, max: 255 }),
          fc.integer({ min: 0, max: 255 }),
          fc.integer({ min: 0, max: 255 }),
        ),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 7 }),
        (width, height, rgb, seed, extra) => {
          const mask = createMaskRaster(width, height);
          for (let i = 0; i < mask.data.length; i++) mask.data[i] = (seed * (i + 1) * 2654435761) >>> 24;
          const x = seed % width;
          const y = (seed >>> 8) % height;
          const rect = { x, y, w: width - x, h: height - y };
          const stride = rect.w + extra;
          const got = new Uint8ClampedArray(stride * rect.h * 4).fill(7);
          const want = new Uint8ClampedArray(stride * rect.h * 4).fill(7);
          writeOverlayPixels(mask, rect, rgb, got, stride);
          reference(mask.data, width, rect, rgb, stride, want);
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });
});
