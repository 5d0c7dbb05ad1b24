import { maskBytesFromRgba, type MaskRaster, type MaskSourceMode } from './mask-raster';
import { encodeMaskPng, type MaskFormat } from './mask-export';

/** Browser deflate (zlib format, as PNG requires) via CompressionStream; no dependency needed. */
export async function browserDeflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  // Write and read concurrently: awaiting the write first would deadlock on back-pressure.
  const written = writer.write(bytes).then(() => writer.close());
  const out = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  await written;
  return out;
}

/**
 * Encodes the mask as a PNG at its exact pixel size. Chromium's own PNG encoder (native zlib, run by
 * `OffscreenCanvas.convertToBlob`) is several times faster at 4096² than our encoder feeding
 * CompressionStream, whose deflate level cannot be chosen; the pure encoder stays the fallback where
 * no 2D OffscreenCanvas exists. The canvas holds only values it stores losslessly: opaque grey for
 * `white-edit` (R = G = B = the mask), and black with the mask in alpha for `alpha-edit` (black
 * premultiplies to itself, so every alpha level survives).
 */
export async function maskToPngBlob(mask: MaskRaster, format: MaskFormat): Promise<Blob> {
  const ctx =
    typeof OffscreenCanvas === 'undefined'
      ? null
      : new OffscreenCanvas(mask.width, mask.height).getContext('2d');
  if (!ctx) {
    const png = await encodeMaskPng(mask, { format, deflate: browserDeflate });
    return new Blob([png], { type: 'image/png' });
  }
  const image = ctx.createImageData(mask.width, mask.height);
  writeMaskPixels(mask.data, format, image.data);
  ctx.putImageData(image, 0, 0);
  const fast = await ctx.canvas.convertToBlob({ type: 'image/png' });
  if (format === 'white-edit' || fast.size < ALPHA_MASK_LIMIT) return fast;
  // OpenAI-style endpoints refuse masks of 4 MB or more: the compact encoder (grey + alpha, level-6
  // deflate) is slower but often half the size, so a large soft mask still goes through.
  const compact = await encodeMaskPng(mask, { format, deflate: browserDeflate });
  return compact.length < fast.size ? new Blob([compact], { type: 'image/png' }) : fast;
}

/** Below OpenAI's documented mask limit ("PNG < 4MB"), read as decimal megabytes to be safe. */
export const ALPHA_MASK_LIMIT = 4_000_000;

/** Fills RGBA `out` from mask bytes (255 = edit) in the layout of `format`. Exported for its test. */
export function writeMaskPixels(
  data: Uint8Array,
  format: MaskFormat,
  out: Uint8ClampedArray | Uint8Array,
): void {
  // One 32-bit store per pixel from a 256-entry table (bytes in memory order R, G, B, A).
  const table = new Uint32Array(256);
  const bytes = new Uint8Array(table.buffer);
  for (let v = 0; v < 256; v++)
    bytes.set(format === 'white-edit' ? [v, v, v, 255] : [0, 0, 0, 255 - v], v * 4);
  const pixels = new Uint32Array(out.buffer, out.byteOffset, data.length);
  for (let i = 0; i < data.length; i++) pixels[i] = table[data[i] ?? 0] ?? 0;
}

/**
 * Decodes a mask image (a dropped file, or a PNG saved with a draft/task) into mask bytes at
 * width × height. An image of another size is scaled to fit, since the gateway needs the source size.
 */
export async function decodeMaskImage(
  image: Blob,
  width: number,
  height: number,
  mode: MaskSourceMode = 'auto',
): Promise<Uint8Array> {
  // 'none' keeps alpha un-premultiplied and colours unconverted: a mask is data, not a picture.
  const bitmap = await createImageBitmap(image, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  try {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('2D canvas unavailable');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return maskBytesFromRgba(ctx.getImageData(0, 0, width, height).data, mode);
  } finally {
    bitmap.close();
  }
}
