import { CELL_H, CELL_W, GLYPH_H, GLYPH_W, glyph, wrapText } from './font';

/** An RGBA pixel buffer, the same layout pngjs uses. */
export interface Raster {
  width: number;
  height: number;
  data: Buffer;
}

export type Rgb = [number, number, number];

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: Buffer.alloc(width * height * 4, 255) };
}

export function hueToRgb(hue: number, sat = 0.55, light = 0.55): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * light - 1)) * sat;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const m = light - c / 2;
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** Diagonal two-colour gradient over a region of the raster. */
export function fillGradient(r: Raster, from: Rgb, to: Rgb, x0 = 0, y0 = 0, w = r.width, h = r.height): void {
  const span = Math.max(1, w + h - 2);
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const t = (x - x0 + (y - y0)) / span;
      const i = (y * r.width + x) * 4;
      r.data[i] = from[0] + (to[0] - from[0]) * t;
      r.data[i + 1] = from[1] + (to[1] - from[1]) * t;
      r.data[i + 2] = from[2] + (to[2] - from[2]) * t;
      r.data[i + 3] = 255;
    }
  }
}

function fillRect(r: Raster, x0: number, y0: number, w: number, h: number, c: Rgb): void {
  const xs = Math.max(0, x0);
  const ys = Math.max(0, y0);
  const xe = Math.min(r.width, x0 + w);
  const ye = Math.min(r.height, y0 + h);
  for (let y = ys; y < ye; y++) {
    for (let x = xs; x < xe; x++) {
      const i = (y * r.width + x) * 4;
      r.data[i] = c[0];
      r.data[i + 1] = c[1];
      r.data[i + 2] = c[2];
      r.data[i + 3] = 255;
    }
  }
}

function drawLine(r: Raster, text: string, x: number, y: number, scale: number, c: Rgb): void {
  for (let k = 0; k < text.length; k++) {
    const rows = glyph(text[k] ?? ' ');
    for (let gy = 0; gy < GLYPH_H; gy++) {
      for (let gx = 0; gx < GLYPH_W; gx++) {
        if (rows[gy]?.[gx]) fillRect(r, x + (k * CELL_W + gx) * scale, y + gy * scale, scale, scale, c);
      }
    }
  }
}

export interface TextBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Draws `text` centred in the box at the largest scale that fits (capped so short prompts do not
 * become absurdly large), white with a dark drop shadow so it reads on any background.
 */
export function drawTextBox(r: Raster, text: string, box: TextBox, maxScale = 12): void {
  const clean = text.replace(/\s+/g, ' ').trim().slice(0, 400) || '(empty prompt)';
  for (let scale = maxScale; scale >= 1; scale--) {
    const maxChars = Math.floor(box.w / (CELL_W * scale));
    if (maxChars < 4) continue;
    const lines = wrapText(clean, maxChars);
    const height = lines.length * CELL_H * scale;
    if (height > box.h && scale > 1) continue;
    const shadow = Math.max(1, Math.floor(scale / 2));
    let y = box.y + Math.floor((box.h - height) / 2);
    for (const line of lines) {
      const x = box.x + Math.floor((box.w - line.length * CELL_W * scale) / 2);
      drawLine(r, line, x + shadow, y + shadow, scale, [20, 16, 32]);
      drawLine(r, line, x, y, scale, [255, 255, 255]);
      y += CELL_H * scale;
    }
    return;
  }
}
