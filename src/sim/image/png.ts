import { PNG } from 'pngjs';
import type { Raster } from './raster';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** Decodes to RGBA; returns undefined for anything pngjs cannot read, so callers can fall back. */
export function decodePng(bytes: Buffer): Raster | undefined {
  if (!isPng(bytes)) return undefined;
  try {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  } catch {
    return undefined;
  }
}

/** RGBA output; a low deflate level keeps large images fast to produce, at some size cost. */
export function encodePng(r: Raster, opaque = false): Buffer {
  const png = new PNG({ width: r.width, height: r.height });
  png.data = r.data;
  return PNG.sync.write(
    png,
    opaque ? { colorType: 2, inputHasAlpha: true, deflateLevel: 3 } : { deflateLevel: 3 },
  );
}
