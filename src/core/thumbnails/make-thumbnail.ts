import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** Longest side of a gallery thumbnail, in pixels (tiles are at most ~260 CSS px, ×2 for HiDPI). */
export const THUMBNAIL_SIZE = 512;

/**
 * Makes a WebP thumbnail of an image result once, in libvips' worker threads (never blocking the event
 * loop), and returns its name relative to the thumbnails folder. Videos get their poster in the renderer.
 */
export async function makeImageThumbnail(source: string, thumbsDir: string, name: string): Promise<string> {
  mkdirSync(thumbsDir, { recursive: true });
  const file = `${name}.webp`;
  await sharp(source, { limitInputPixels: 16384 * 16384 })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(join(thumbsDir, file));
  return file;
}
