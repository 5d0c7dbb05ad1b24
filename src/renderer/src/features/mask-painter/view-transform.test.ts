import { describe, expect, it } from 'vitest';
import { fitToView, imageToScreen, panBy, screenToImage, wheelZoomFactor, zoomAt } from './view-transform';

describe('view transform', () => {
  it('fits a 4096² image centred in a 800×600 viewport', () => {
    const v = fitToView(4096, 4096, 800, 600, 0);
    expect(v.zoom).toBeCloseTo(600 / 4096);
    expect(imageToScreen(v, { x: 0, y: 0 })).toEqual({ x: 100, y: 0 });
    expect(imageToScreen(v, { x: 4096, y: 4096 }).x).toBeCloseTo(700);
  });

  it('zooms to the cursor: the image point under it stays put', () => {
    const v0 = { zoom: 0.5, panX: 10, panY: 20 };
    const cursor = { x: 300, y: 200 };
    const before = screenToImage(v0, cursor);
    const v1 = zoomAt(v0, cursor, 3);
    expect(v1.zoom).toBe(1.5);
    const after = screenToImage(v1, cursor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAt(v0, cursor, 1e9).zoom).toBe(32);
  });

  it('pans and round-trips screen ↔ image', () => {
    const v = panBy({ zoom: 2, panX: 0, panY: 0 }, 15, -5);
    const p = screenToImage(v, { x: 115, y: 95 });
    expect(p).toEqual({ x: 50, y: 50 });
    expect(imageToScreen(v, p)).toEqual({ x: 115, y: 95 });
  });

  it('wheel: one notch down zooms out by 1.1', () => {
    expect(wheelZoomFactor(100, 0)).toBeCloseTo(1 / 1.1);
    expect(wheelZoomFactor(-3, 1)).toBeGreaterThan(1);
  });
});
