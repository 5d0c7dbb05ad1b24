/** Brush diameter range in image pixels; the slider is logarithmic so 1–20 px gets as much travel as 100–1000. */
export const MIN_BRUSH_SIZE = 1;
export const MAX_BRUSH_SIZE = 1000;
export const SIZE_SLIDER_STEPS = 1000;

export function clampSize(size: number): number {
  return Math.min(MAX_BRUSH_SIZE, Math.max(MIN_BRUSH_SIZE, Math.round(size)));
}

export function sizeToSlider(size: number): number {
  const ratio = Math.log(clampSize(size) / MIN_BRUSH_SIZE) / Math.log(MAX_BRUSH_SIZE / MIN_BRUSH_SIZE);
  return Math.round(ratio * SIZE_SLIDER_STEPS);
}

export function sliderToSize(value: number): number {
  return clampSize(MIN_BRUSH_SIZE * Math.pow(MAX_BRUSH_SIZE / MIN_BRUSH_SIZE, value / SIZE_SLIDER_STEPS));
}

/** `[` / `]`: ~15 % per press, and always at least 1 px so small brushes still move. */
export function stepSize(size: number, direction: 1 | -1): number {
  const next = direction > 0 ? Math.max(size + 1, size * 1.15) : Math.min(size - 1, size / 1.15);
  return clampSize(next);
}
