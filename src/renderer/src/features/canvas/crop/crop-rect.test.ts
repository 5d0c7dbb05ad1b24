import { describe, expect, it } from 'vitest';
import { CENTRED_FRAME, cropRect, fitsRatio, moveFrame, targetRatio } from './crop-rect';

describe('crop to ratio', () => {
  it('takes the largest centred 16:9 rectangle of a square', () => {
    expect(cropRect(640, 640, 16 / 9, CENTRED_FRAME)).toEqual({ x: 0, y: 140, w: 640, h: 360 });
  });
  it('takes the largest 9:16 of a landscape image, scaled and moved, inside the source', () => {
    const r = cropRect(1920, 1080, 9 / 16, { cx: 0, cy: 0.5, scale: 0.5 });
    expect(r).toEqual({ x: 0, y: 270, w: 304, h: 540 });
  });
  it('moves the frame, clamped to the source', () => {
    const f = moveFrame(640, 640, 16 / 9, CENTRED_FRAME, 0, 1);
    expect(cropRect(640, 640, 16 / 9, f)).toEqual({ x: 0, y: 280, w: 640, h: 360 });
  });
  it('reads the target ratio from aspect_ratio, else size', () => {
    expect(targetRatio({ aspect_ratio: '9:16', size: '1280x720' })?.ratio).toBeCloseTo(9 / 16);
    expect(targetRatio({ size: '1280x720' })).toEqual({ label: '1280×720', ratio: 1280 / 720 });
    expect(targetRatio({ size: 'auto' })).toBeNull();
    expect(fitsRatio(1280, 720, 16 / 9)).toBe(true);
    expect(fitsRatio(640, 640, 16 / 9)).toBe(false);
  });
});
