import { hashString } from '../rng';
import { createRaster, drawTextBox, fillGradient, hueToRgb } from './raster';
import { encodePng } from './png';

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
 * A pleasant gradient whose colours derive from the prompt, with the prompt written across it
 * and a small footer label, so a user can tell which task produced which image.
 */
export function renderPromptPng(width: number, height: number, prompt: string, label: string): Buffer {
  const size = clampSize(width, height);
  const r = createRaster(size.width, size.height);
  const hue = hashString(prompt) % 360;
  fillGradient(r, hueToRgb(hue, 0.6, 0.35), hueToRgb(hue + 70, 0.7, 0.6));
  const margin = Math.floor(Math.min(size.width, size.height) * 0.06);
  const footer = Math.max(10, Math.floor(size.height * 0.08));
  drawTextBox(
    r,
    prompt,
    { x: margin, y: margin, w: size.width - 2 * margin, h: size.height - 2 * margin - footer },
    Math.max(2, Math.floor(Math.min(size.width, size.height) / 48)),
  );
  drawTextBox(
    r,
    label,
    { x: margin, y: size.height - margin - footer, w: size.width - 2 * margin, h: footer },
    Math.max(1, Math.floor(footer / 12)),
  );
  return encodePng(r, true);
}
