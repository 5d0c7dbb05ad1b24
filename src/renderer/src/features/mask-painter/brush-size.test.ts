import { describe, expect, it } from 'vitest';
import { MAX_BRUSH_SIZE, MIN_BRUSH_SIZE, SIZE_SLIDER_STEPS, sizeToSlider, sliderToSize, stepSize } from './brush-size';

describe('logarithmic brush size', () => {
  it('maps the ends and the geometric middle', () => {
    expect(sliderToSize(0)).toBe(MIN_BRUSH_SIZE);
    expect(sliderToSize(SIZE_SLIDER_STEPS)).toBe(MAX_BRUSH_SIZE);
    expect(sliderToSize(SIZE_SLIDER_STEPS / 2)).toBe(32); // √1000 ≈ 31.6
    expect(sliderToSize(sizeToSlider(120))).toBe(120);
  });

  it('steps by at least one pixel and clamps', () => {
    expect(stepSize(1, 1)).toBe(2);
    expect(stepSize(100, 1)).toBe(115);
    expect(stepSize(1, -1)).toBe(1);
    expect(stepSize(1000, 1)).toBe(1000);
  });
});
