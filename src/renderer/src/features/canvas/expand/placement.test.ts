import { describe, expect, it } from 'vitest';
import { ANCHORS, CENTRED, dragBy, expansionRatiosOf, generatedShare, placeBox, placementOf } from './placement';

describe('expansion placement', () => {
  it('fits a square source centred in a 16:9 frame', () => {
    const b = placeBox(16 / 9, 1, CENTRED);
    expect(b.h).toBe(1);
    expect(b.w).toBeCloseTo(9 / 16);
    expect(b.x).toBeCloseTo((1 - 9 / 16) / 2);
    expect(b.y).toBe(0);
    expect(generatedShare(16 / 9, 1, CENTRED)).toBeCloseTo(7 / 16);
  });
  it('anchors to corners and zooms out', () => {
    const b = placeBox(1, 2, { ax: 1, ay: 1, zoom: 0.5 });
    expect(b).toEqual({ x: 0.5, y: 0.75, w: 0.5, h: 0.25 });
  });
  it('drags within the frame, clamped, and not along an axis the source fills', () => {
    const p = dragBy(16 / 9, 1, CENTRED, -0.1, 0.3);
    expect(p.ay).toBe(0.5);
    expect(p.ax).toBeCloseTo(0.5 - 0.1 / (1 - 9 / 16));
    expect(dragBy(16 / 9, 1, CENTRED, -5, 0).ax).toBe(0);
  });
  it('has nine anchors, ids unique', () => {
    expect(new Set(ANCHORS.map((a) => a.id)).size).toBe(9);
    expect(ANCHORS[0]).toEqual({ id: 'top-left', ax: 0, ay: 0 });
  });
  it('gives Kling\'s four expansion ratios in multiples of the source', () => {
    // A square centred in 16:9: 0.39 of its width on each side, nothing above or below.
    expect(expansionRatiosOf(16 / 9, 1, CENTRED)).toEqual({ up: 0, down: 0, left: 0.39, right: 0.39 });
    // Top left at 60 % in 9:16.
    expect(expansionRatiosOf(9 / 16, 1, { ax: 0, ay: 0, zoom: 0.6 })).toEqual({ up: 0, down: 1.96, left: 0, right: 0.67 });
    // The same ratio as the source at full size: nothing to expand.
    expect(expansionRatiosOf(1.5, 1.5, CENTRED)).toEqual({ up: 0, down: 0, left: 0, right: 0 });
  });
  it('reads a placement back from its four ratios (Reuse settings), near enough to draw', () => {
    for (const [R, S, p] of [
      [9 / 16, 1, { ax: 0, ay: 0, zoom: 0.6 }],
      [16 / 9, 1, { ax: 0.8, ay: 0.5, zoom: 0.7 }],
      [16 / 9, 1, CENTRED],
      [1, 2, { ax: 1, ay: 0.25, zoom: 0.5 }],
    ] as const) {
      const back = placementOf(R, S, expansionRatiosOf(R, S, p), CENTRED);
      const [a, b] = [placeBox(R, S, back), placeBox(R, S, p)];
      for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(a[k] - b[k])).toBeLessThan(0.01);
    }
    // No margin across: the anchor across is kept.
    expect(placementOf(16 / 9, 1, { up: 0, down: 0, left: 0.39, right: 0.39 }, { ax: 0.2, ay: 0.9, zoom: 1 })).toEqual({ ax: 0.5, ay: 0.9, zoom: 1 });
    // Hand-typed, not the frame's shape: sized by the height the frame contains a square by, placed low.
    expect(placementOf(16 / 9, 1, { up: 0.2, down: 0, left: 0.39, right: 0.39 }, CENTRED)).toEqual({ ax: 0.5, ay: 1, zoom: 1 / 1.2 });
  });
});
