import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { fullRect, unionRect, type MaskRaster, type Rect } from './mask-raster';
import { clipRect, parseHexColor, writeOverlayPixels } from './overlay-pixels';

/** Dirty rectangles up to this many pixels (2048², 16 MB of RGBA) share one ImageData. */
const MAX_REUSED_PIXELS = 2048 * 2048;

export interface OverlayCanvas {
  /** Queues a repaint of `rect` (image pixels) for the next animation frame; calls coalesce. */
  invalidate: (rect: Rect | null) => void;
  invalidateAll: () => void;
}

/**
 * Keeps the native-size overlay canvas in sync with the mask by writing only dirty rectangles
 * (putImageData), at most once per frame — a 4096² mask is never re-rendered per pointer move.
 * Colour changes repaint everything (rare); overlay opacity is CSS and repaints nothing.
 */
export function useOverlayCanvas(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  mask: MaskRaster,
  color: string,
  onPainted?: (rect: Rect) => void,
): OverlayCanvas {
  const pending = useRef<Rect | null>(null);
  const buffer = useRef<ImageData | null>(null);
  const frame = useRef(0);
  const state = useRef({ mask, rgb: parseHexColor(color), onPainted });
  state.current = { mask, rgb: parseHexColor(color), onPainted };

  const flush = useCallback(() => {
    frame.current = 0;
    const { mask: m, rgb, onPainted: painted } = state.current;
    const rect = pending.current ? clipRect(m, pending.current) : null;
    pending.current = null;
    const ctx = canvasRef.current?.getContext('2d');
    if (!rect || !ctx) return;
    // A stroke's rectangles reuse one buffer (no 1–2 MB allocation per frame); a whole-mask repaint
    // (4096² is 64 MB) gets its own, dropped after.
    let image = buffer.current;
    if (!image || image.width < rect.w || image.height < rect.h) {
      const w = Math.max(rect.w, image?.width ?? 0);
      const h = Math.max(rect.h, image?.height ?? 0);
      const reusable = w * h <= MAX_REUSED_PIXELS;
      image = reusable ? ctx.createImageData(w, h) : ctx.createImageData(rect.w, rect.h);
      if (reusable) buffer.current = image;
    }
    writeOverlayPixels(m, rect, rgb, image.data, image.width);
    ctx.putImageData(image, rect.x, rect.y, 0, 0, rect.w, rect.h);
    painted?.(rect);
  }, [canvasRef]);

  const invalidate = useCallback(
    (rect: Rect | null) => {
      if (!rect) return;
      pending.current = unionRect(pending.current, rect);
      if (!frame.current) frame.current = requestAnimationFrame(flush);
    },
    [flush],
  );

  const invalidateAll = useCallback(() => invalidate(fullRect(state.current.mask)), [invalidate]);

  useEffect(() => invalidateAll(), [mask, color, invalidateAll]);
  useEffect(
    () => () => {
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    },
    [],
  );

  return useMemo(() => ({ invalidate, invalidateAll }), [invalidate, invalidateAll]);
}
