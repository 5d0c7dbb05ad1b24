import { describe, expect, it } from 'vitest';
import { FIT_VIEW, panView, positionAt, zoomView } from './wipe-view';

describe('wipe view', () => {
  it('zooms toward the cursor: the point under it stays put', () => {
    const v = zoomView(FIT_VIEW, 2, 100, -40);
    // A point p (from the centre, unzoomed) shows at v.x + p * scale; the cursor's point was p = 100.
    expect(v.x + 100 * v.scale).toBeCloseTo(100);
    expect(v).toEqual({ scale: 2, x: -100, y: 40 });
  });
  it('never zooms out past fit and snaps back to centred', () => {
    expect(zoomView({ scale: 1.5, x: 30, y: 9 }, 0.5, 0, 0)).toEqual(FIT_VIEW);
  });
  it('pans only when zoomed', () => {
    expect(panView(FIT_VIEW, 10, 10)).toBe(FIT_VIEW);
    expect(panView({ scale: 2, x: 0, y: 0 }, 10, -5)).toEqual({ scale: 2, x: 10, y: -5 });
  });
  it('maps a pointer to a clamped wipe position', () => {
    expect(positionAt(150, 100, 200)).toBe(0.25);
    expect(positionAt(0, 100, 200)).toBe(0);
    expect(positionAt(999, 100, 200)).toBe(1);
  });
});
