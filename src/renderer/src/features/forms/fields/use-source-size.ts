import { useEffect, useRef } from 'react';
import type { Values } from '../../../../../shared/operations/fields';
import { mediaValueSchema } from '../../../../../shared/operations/media';
import { mediaPreviewUrl } from '../media/media-info';
import type { FieldOf } from '../field-props';
import { useImageSize } from './use-image-size';

/** The preset (`WxH`) whose shape is closest to width:height, compared on a log scale. */
export function nearestSizePreset(presets: readonly string[], width: number, height: number): string | null {
  if (!(width > 0 && height > 0)) return null;
  const want = Math.log(width / height);
  let best: { preset: string; d: number } | null = null;
  for (const p of presets) {
    const m = /^(\d+)x(\d+)$/.exec(p);
    if (!m) continue;
    const d = Math.abs(Math.log(Number(m[1]) / Number(m[2])) - want);
    if (!best || d < best.d) best = { preset: p, d };
  }
  return best?.preset ?? null;
}

/**
 * A size field follows the shape of the form's first source image (`images[0]`): when a new source is
 * added and the size is still the default, it moves to the preset of the nearest shape (a 3:2 photo gets
 * 1536x1024, not a square). A size the user picked is left alone.
 */
export function useSizeFollowsSource(
  field: FieldOf<'size'> | FieldOf<'aspectRatio'>,
  values: Values,
  value: unknown,
  onChange: (v: unknown) => void,
): void {
  const list = Array.isArray(values.images) ? values.images : [];
  const first = mediaValueSchema.safeParse(list[0]);
  const url = field.type === 'size' && first.success ? mediaPreviewUrl(first.data) : null;
  const size = useImageSize(url);
  // The source present when the form opened was already handled; only a newly added one moves the size.
  const seen = useRef(url);
  useEffect(() => {
    if (!size || seen.current === size.src || field.type !== 'size') return;
    seen.current = size.src;
    if (value !== field.default) return;
    const best = nearestSizePreset(field.presets, size.width, size.height);
    if (best && best !== value) onChange(best);
  }, [size, field, value, onChange]);
}
