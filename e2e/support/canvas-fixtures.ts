import { PNG } from 'pngjs';

/** A PNG whose left half is one colour and right half another (so colour selection has two regions). */
export function twoTonePng(
  name: string,
  w: number,
  h: number,
  left: [number, number, number],
  right: [number, number, number],
) {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = x < w / 2 ? left : right;
      const i = (y * w + x) * 4;
      png.data[i] = c[0];
      png.data[i + 1] = c[1];
      png.data[i + 2] = c[2];
      png.data[i + 3] = 255;
    }
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/** Byte at (x, y) of a decoded PNG's red channel (a white-on-black mask: 255 = edit, 0 = keep). */
export const redAt = (png: PNG, x: number, y: number): number => png.data[(y * png.width + x) * 4] ?? -1;
