import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { fullRect, unionRect, type MaskRaster, type Rect } from './mask-raster';
import { clipRect, parseHexColor, writeOverlayPixels } from './overlay-pixels';

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
    const image = ctx.createImageData(rect.w, rect.h);
    writeOverlayPixels(m, rect, rgb, image.data);
    ctx.putImageData(image, rect.x, rect.y);
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
