import { describe, expect, it } from 'vitest';
import { ANCHORS, CENTRED, dragBy, generatedShare, placeBox } from './placement';

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
});
