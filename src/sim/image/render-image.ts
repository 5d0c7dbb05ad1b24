import { createRaster } from './raster';
import { encodePng } from './png';
import { paintScene } from './scene';

/** Generated images are clamped to this many pixels per side so rendering stays fast. */
export const MAX_SIDE = 1536;

export function clampSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return { width: Math.max(16, Math.round(width * scale)), height: Math.max(16, Math.round(height * scale)) };
}

/** Size for an aspect ratio `w:h` with the long side at 1024 (the default size is 1024x1024). */
export function sizeForAspect(aspect: string | undefined): { width: number; height: number } {
  const m = aspect ? /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspect) : null;
  const w = m ? Number(m[1]) : 1;
  const h = m ? Number(m[2]) : 1;
  if (!(w > 0 && h > 0)) return { width: 1024, height: 1024 };
  return w >= h ? clampSize(1024, Math.round((1024 * h) / w)) : clampSize(Math.round((1024 * w) / h), 1024);
}

/**
 * A small landscape drawn from the prompt (colours, time of day and shapes seeded by it) with a quiet caption
 * (the start of the prompt and `label`), so a gallery of demo results is worth looking at and each one says
 * which task made it.
 */
export function renderPromptPng(width: number, height: number, prompt: string, label: string): Buffer {
  const size = clampSize(width, height);
  const r = createRaster(size.width, size.height);
  paintScene(r, prompt, label);
  return encodePng(r, true);
}
