import type { MaskRaster } from './mask-raster';
import { encodePng, type DeflateFn } from './png-encode';

/**
 * - `white-edit`: 8-bit grayscale, white (255) = edit, black (0) = keep — the gateway's convention.
 * - `alpha-edit`: black with alpha (grey + alpha here, RGBA from the canvas encoder), transparent = edit,
 *   opaque black = keep — for OpenAI-style endpoints that read the edit area from transparency.
 * Both are at the source's exact pixel size.
 */
export type MaskFormat = 'white-edit' | 'alpha-edit';

export interface MaskExportOptions {
  format: MaskFormat;
  deflate: DeflateFn;
  /** If set, pixels ≥ threshold become fully edit and the rest keep (for gateways that dislike soft edges). */
  threshold?: number;
}

export function encodeMaskPng(
  mask: MaskRaster,
  options: MaskExportOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const { width, data } = mask;
  const t = options.threshold;
  const value = (v: number): number => (t === undefined ? v : v >= t ? 255 : 0);
  if (options.format === 'white-edit') {
    return encodePng(
      {
        width,
        height: mask.height,
        colorType: 0,
        writeRow: (y, out) => {
          const row = data.subarray(y * width, (y + 1) * width);
          if (t === undefined) out.set(row);
          else for (let x = 0; x < width; x++) out[x] = value(row[x] ?? 0);
        },
      },
      options.deflate,
    );
  }
  return encodePng(
    {
      width,
      height: mask.height,
      // Grey + alpha: an alpha channel as OpenAI-style endpoints require, with half the bytes of RGBA.
      colorType: 4,
      writeRow: (y, out) => {
        const base = y * width;
        // Grey stays 0 (zero-filled buffer); only alpha carries the mask.
        for (let x = 0; x < width; x++) out[x * 2 + 1] = 255 - value(data[base + x] ?? 0);
      },
    },
    options.deflate,
  );
}
