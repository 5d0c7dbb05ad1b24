import { createRng, hashString } from '../rng';
import { drawTextBox, fillGradient, hueToRgb, type Raster, type Rgb } from './raster';
import { drawable } from './font';

/** Mixes `c` into the pixel at (x, y) with coverage `a` (0..1). */
function blend(r: Raster, x: number, y: number, c: Rgb, a: number): void {
  if (a <= 0 || x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = (y * r.width + x) * 4;
  const k = Math.min(1, a);
  r.data[i] = r.data[i]! + (c[0] - r.data[i]!) * k;
  r.data[i + 1] = r.data[i + 1]! + (c[1] - r.data[i + 1]!) * k;
  r.data[i + 2] = r.data[i + 2]! + (c[2] - r.data[i + 2]!) * k;
}

/** A soft-edged disc (anti-aliased rim, an optional glow around it). */
function disc(r: Raster, cx: number, cy: number, radius: number, c: Rgb, alpha: number, glow = 0): void {
  const reach = radius + glow;
  for (let y = Math.floor(cy - reach); y <= Math.ceil(cy + reach); y++) {
    for (let x = Math.floor(cx - reach); x <= Math.ceil(cx + reach); x++) {
      const d = Math.hypot(x - cx, y - cy);
      const body = Math.max(0, Math.min(1, radius - d + 0.5));
      const halo = glow > 0 && d > radius ? Math.max(0, 1 - (d - radius) / glow) ** 2 * 0.35 : 0;
      blend(r, x, y, c, alpha * Math.max(body, halo));
    }
  }
}

/** A ridge of hills filled to the bottom: a sum of seeded sines, with an anti-aliased crest. */
function ridge(r: Raster, rng: () => number, base: number, amplitude: number, top: Rgb, bottom: Rgb): void {
  const waves = Array.from({ length: 3 }, (_, k) => ({
    f: (0.6 + rng() * 1.6) * (k + 1),
    p: rng() * Math.PI * 2,
    a: amplitude / (k + 1),
  }));
  for (let x = 0; x < r.width; x++) {
    const u = x / r.width;
    const crest = base + waves.reduce((s, w) => s + Math.sin(u * Math.PI * 2 * w.f + w.p) * w.a, 0);
    const start = Math.max(0, Math.floor(crest));
    for (let y = start; y < r.height; y++) {
      const t = (y - crest) / Math.max(1, r.height - crest);
      const c: Rgb = [
        top[0] + (bottom[0] - top[0]) * t,
        top[1] + (bottom[1] - top[1]) * t,
        top[2] + (bottom[2] - top[2]) * t,
      ];
      blend(r, x, y, c, y === start ? 1 - (crest - start) : 1);
    }
  }
}

/**
 * A small landscape drawn from the prompt: its hash picks the palette, the time of day (a sun or a moon),
 * the hills and a few floating lights, so two prompts never look alike and the same prompt always does.
 * A quiet caption strip at the bottom says which task made it.
 */
export function paintScene(r: Raster, prompt: string, caption: string): void {
  const seed = hashString(prompt);
  const rng = createRng(seed);
  // Sky hues that read as skies (blues, dusk pinks, golden hours, violet), varied a little per prompt.
  const SKIES = [205, 195, 215, 18, 32, 275, 330, 185];
  const hue = (SKIES[seed % SKIES.length] ?? 205) + ((seed >>> 8) % 16) - 8;
  const night = rng() < 0.3;
  const w = r.width;
  const h = r.height;
  const min = Math.min(w, h);
  const skyTop = night ? hueToRgb(225, 0.5, 0.12) : hueToRgb(hue, 0.6, 0.58);
  const skyBottom = night ? hueToRgb(hue + 20, 0.4, 0.3) : hueToRgb(hue + 25, 0.7, 0.84);
  fillGradient(r, skyTop, skyBottom);
  // Stars at night, soft lights by day.
  const lights = night ? 60 + Math.floor(rng() * 60) : 6 + Math.floor(rng() * 6);
  for (let i = 0; i < lights; i++) {
    const size = night ? 0.6 + rng() * 1.4 : min * (0.02 + rng() * 0.05);
    disc(
      r,
      rng() * w,
      rng() * h * 0.6,
      size,
      night ? [255, 250, 235] : hueToRgb(hue + 20, 0.5, 0.92),
      night ? 0.5 + rng() * 0.5 : 0.18,
    );
  }
  // The sun or the moon.
  const bodyR = min * (0.07 + rng() * 0.06);
  disc(
    r,
    w * (0.2 + rng() * 0.6),
    h * (0.16 + rng() * 0.22),
    bodyR,
    night ? [244, 240, 226] : hueToRgb(45, 0.95, 0.8),
    0.95,
    bodyR * 1.6,
  );
  // Three ridges, paler and higher far away, richer and lower near.
  const layers = 3;
  for (let k = 0; k < layers; k++) {
    const near = (k + 1) / layers;
    const lightness = night ? 0.1 + 0.12 * (1 - near) : 0.28 + 0.32 * (1 - near);
    const ridgeHue = hue + 130 + k * 30 + rng() * 25;
    ridge(
      r,
      rng,
      h * (0.48 + 0.14 * k),
      h * (0.05 + 0.03 * rng()),
      hueToRgb(ridgeHue, 0.45, lightness),
      hueToRgb(ridgeHue + 10, 0.5, lightness * 0.7),
    );
  }
  // Caption: a translucent strip with a small label, never over the whole picture.
  const strip = Math.max(14, Math.floor(h * 0.075));
  for (let y = h - strip; y < h; y++) for (let x = 0; x < w; x++) blend(r, x, y, [10, 10, 18], 0.45);
  const text = captionText(prompt, caption);
  const pad = Math.floor(strip * 0.22);
  drawTextBox(
    r,
    text,
    { x: pad, y: h - strip + pad, w: w - 2 * pad, h: strip - 2 * pad },
    Math.max(1, Math.floor(strip / 24)),
  );
}

/**
 * The caption under a demo picture: the prompt's start and `caption`. The pixel font draws Latin letters,
 * digits and punctuation only, so what it cannot draw (a prompt in Chinese) is left out rather than shown as
 * a row of empty boxes; a prompt with nothing drawable leaves only `caption`.
 */
export function captionText(prompt: string, caption: string): string {
  const words = [...prompt].map((ch) => (drawable(ch) ? ch : ' ')).join('').replace(/\s+/g, ' ').trim();
  if (!words) return prompt.trim() ? caption : `(no prompt)  -  ${caption}`;
  return `${words.length > 60 ? `${words.slice(0, 57)}...` : words}  -  ${caption}`;
}
