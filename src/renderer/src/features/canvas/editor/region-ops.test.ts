import { describe, expect, it } from 'vitest';
import {
  colourCoverage,
  combine,
  coverageBounds,
  feather,
  polygonCoverage,
  rectCoverage,
} from './region-ops';

const count = (a: Uint8Array, v = 255): number => a.reduce((n, x) => n + (x === v ? 1 : 0), 0);

describe('region fills', () => {
  it('fills a lasso polygon (a triangle has half its bounding box)', () => {
    const c = polygonCoverage(100, 100, [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
    ]);
    expect(count(c)).toBeGreaterThan(4800);
    expect(count(c)).toBeLessThan(5200);
    expect(c[0]).toBe(255);
    expect(c[99 * 100 + 99]).toBe(0);
  });
  it('fills a rectangle from any two corners, clipped to the image', () => {
    const c = rectCoverage(10, 10, { x: 8, y: 12 }, { x: 2, y: 5 });
    expect(count(c)).toBe(6 * 5);
    expect(c[5 * 10 + 2]).toBe(255);
    expect(c[4 * 10 + 2]).toBe(0);
  });
  it('selects by colour, globally or contiguous, within the tolerance', () => {
    // 4×1: red, red-ish, blue, red
    const rgba = new Uint8Array([250, 0, 0, 255, 230, 10, 0, 255, 0, 0, 255, 255, 250, 0, 0, 255]);
    expect([...colourCoverage(rgba, 4, 1, { x: 0, y: 0 }, 0, false)]).toEqual([255, 0, 0, 255]);
    expect([...colourCoverage(rgba, 4, 1, { x: 0, y: 0 }, 10, false)]).toEqual([255, 255, 0, 255]);
    expect([...colourCoverage(rgba, 4, 1, { x: 0, y: 0 }, 10, true)]).toEqual([255, 255, 0, 0]);
    expect([...colourCoverage(rgba, 4, 1, { x: 9, y: 0 }, 10, true)]).toEqual([0, 0, 0, 0]);
  });
  it('adds with max and subtracts by coverage', () => {
    const mask = new Uint8Array([0, 100, 255, 255]);
    const cov = new Uint8Array([255, 50, 0, 255]);
    expect([...combine(mask, cov, 'add')]).toEqual([255, 100, 255, 255]);
    expect([...combine(mask, cov, 'subtract')]).toEqual([0, 50, 255, 0]);
    expect([...mask]).toEqual([0, 100, 255, 255]);
  });
  it('feathers edges but keeps uniform areas exact', () => {
    const w = 64;
    const m = rectCoverage(w, w, { x: 0, y: 0 }, { x: 32, y: 64 });
    const f = feather(m, w, w, 9);
    expect(f[10 * w + 2]).toBe(255);
    expect(f[10 * w + 60]).toBe(0);
    const edge = f[10 * w + 32] ?? 0;
    expect(edge).toBeGreaterThan(60);
    expect(edge).toBeLessThan(200);
    expect(feather(m, w, w, 0)).toEqual(m);
  });
});

describe('coverageBounds', () => {
  it('bounds the covered pixels, or null', () => {
    expect(coverageBounds(rectCoverage(20, 10, { x: 3, y: 2 }, { x: 7, y: 9 }), 20, 10)).toEqual({
      x: 3,
      y: 2,
      w: 4,
      h: 7,
    });
    expect(coverageBounds(new Uint8Array(200), 20, 10)).toBeNull();
  });
});
