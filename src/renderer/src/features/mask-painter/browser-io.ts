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

export async function maskToPngBlob(mask: MaskRaster, format: MaskFormat): Promise<Blob> {
  const png = await encodeMaskPng(mask, { format, deflate: browserDeflate });
  return new Blob([png], { type: 'image/png' });
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
