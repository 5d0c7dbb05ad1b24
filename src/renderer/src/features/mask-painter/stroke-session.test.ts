import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMaskRaster } from './mask-raster';
import { StrokeSession, type BrushSettings, type PaintTool, type StrokePoint } from './stroke-session';

/**
 * The definition the row-span stamp must match: every pixel of the dab's box tested on its own (the
 * stamp as it was before row spans), against the value before the stroke, keeping the max coverage.
 */
function referenceStroke(
  data: Uint8Array,
  width: number,
  height: number,
  tool: PaintTool,
  s: BrushSettings,
  dabs: { x: number; y: number; pressure: number }[],
): void {
  const before = data.slice();
  const alpha = new Uint8Array(data.length);
  for (const { x: cx, y: cy, pressure } of dabs) {
    const r = Math.max(0.5, (s.size / 2) * Math.max(0.1, Math.min(1, pressure)));
    const hardness = Math.max(0, Math.min(1, s.hardness));
    const inner = r * hardness - 0.5;
    const outer = r + 0.5;
    const x0 = Math.max(0, Math.floor(cx - outer));
    const y0 = Math.max(0, Math.floor(cy - outer));
    const x1 = Math.min(width, Math.ceil(cx + outer));
    const y1 = Math.min(height, Math.ceil(cy + outer));
    const maxAlpha = Math.round(Math.max(0, Math.min(1, s.opacity)) * 255);
    if (x0 >= x1 || y0 >= y1 || maxAlpha === 0) continue;
    const inner2 = inner > 0 ? inner * inner : -1;
    const outer2 = outer * outer;
    const span = outer - Math.max(0, inner);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const d2 = dx * dx + dy * dy;
        if (d2 >= outer2) continue;
        let a = maxAlpha;
        if (d2 > inner2) {
          const t = (Math.sqrt(d2) - Math.max(0, inner)) / span;
          a = Math.round(maxAlpha * (1 - t * t * (3 - 2 * t)));
        }
        const i = y * width + x;
        if (a <= (alpha[i] ?? 0)) continue;
        alpha[i] = a;
        const b = before[i] ?? 0;
        data[i] = tool === 'brush' ? b + Math.round(((255 - b) * a) / 255) : b - Math.round((b * a) / 255);
      }
  }
}

/** Where StrokeSession places dabs along `points` (default spacing 0.15 × diameter; one at the end). */
function dabsAlong(s: BrushSettings, points: StrokePoint[]): { x: number; y: number; pressure: number }[] {
  const radius = (p: number): number => Math.max(0.5, (s.size / 2) * Math.max(0.1, Math.min(1, p)));
  const spacing = (p: number): number => Math.max(1, radius(p) * 2 * (s.spacing ?? 0.15));
  const dabs: { x: number; y: number; pressure: number }[] = [];
  let prev: StrokePoint | null = null;
  let since = 0;
  for (const p of points) {
    if (!prev) {
      dabs.push({ x: p.x, y: p.y, pressure: p.pressure ?? 1 });
      prev = p;
      continue;
    }
    const dx = p.x - prev.x;
    const dy = p.y - prev.y;
    const dist = Math.hypot(dx, dy);
    if (dist === 0) {
      prev = p;
      continue;
    }
    const p0 = prev.pressure ?? 1;
    const p1 = p.pressure ?? 1;
    let lastDab = -since;
    let t = lastDab + spacing(p0);
    while (t <= dist) {
      const f = t / dist;
      const pressure = p0 + (p1 - p0) * f;
      dabs.push({ x: prev.x + dx * f, y: prev.y + dy * f, pressure });
      lastDab = t;
      t += spacing(pressure);
    }
    since = dist - lastDab;
    prev = p;
  }
  if (prev && since > 0) dabs.push({ x: prev.x, y: prev.y, pressure: prev.pressure ?? 1 });
  return dabs;
}

const brush = (b: { minSize: number; maxSize: number; hardness: [number, number]; minOpacity: number }) =>
  fc.record({
    size: fc.double({ min: b.minSize, max: b.maxSize, noNaN: true }),
    hardness: fc.double({ min: b.hardness[0], max: b.hardness[1], noNaN: true }),
    opacity: fc.double({ min: b.minOpacity, max: 1, noNaN: true }),
  });
/** A pointer sample up to 20 px outside a `w`×`h` area, at any pressure. */
const point = (w: number, h: number) =>
  fc.record({
    x: fc.double({ min: -20, max: w, noNaN: true }),
    y: fc.double({ min: -20, max: h, noNaN: true }),
    pressure: fc.double({ min: 0, max: 1, noNaN: true }),
  });

describe('StrokeSession stamp (row spans): the same pixels as the per-pixel definition', () => {
  it('any brush, tool, pressure and position (edges and fractions included) gives byte-identical masks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 1, max: 150 }),
        brush({ minSize: 0.5, maxSize: 120, hardness: [-0.2, 1.2], minOpacity: 0 }),
        fc.constantFrom<PaintTool>('brush', 'eraser'),
        point(170, 170),
        fc.integer({ min: 0, max: 255 }),
        (width, height, settings, tool, dab, fill) => {
          const mask = createMaskRaster(width, height);
          for (let i = 0; i < mask.data.length; i++) mask.data[i] = (fill * (i + 3)) % 256;
          const want = mask.data.slice();
          const session = new StrokeSession(mask, tool, settings);
          session.addPoint(dab);
          session.finish();
          referenceStroke(want, width, height, tool, settings, [dab]);
          expect(mask.data).toEqual(want);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a whole stroke (dabs spaced along the path, overlapping, pressure varying) matches the definition', () => {
    fc.assert(
      fc.property(
        brush({ minSize: 1, maxSize: 60, hardness: [0, 1], minOpacity: 0.05 }),
        fc.constantFrom<PaintTool>('brush', 'eraser'),
        fc.array(point(110, 90), { minLength: 1, maxLength: 5 }),
        (settings, tool, points) => {
          const mask = createMaskRaster(100, 80);
          for (let i = 0; i < mask.data.length; i++) mask.data[i] = (i * 7) % 256;
          const want = mask.data.slice();
          const session = new StrokeSession(mask, tool, settings);
          for (const p of points) session.addPoint(p);
          session.finish();
          referenceStroke(want, 100, 80, tool, settings, dabsAlong(settings, points));
          expect(mask.data).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });
});
