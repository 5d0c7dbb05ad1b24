import { useCallback, useRef, useState, type RefObject } from 'react';
import type { MaskDocument } from '../../mask-painter';
import { usePainterToolStore } from '../../mask-painter';
import { screenToImage, type Point, type ViewTransform } from '../../mask-painter';
import { useEditorStore } from './editor-store';
import { colourCoverage, polygonCoverage, rectCoverage, type RegionMode } from './region-ops';

export type RegionPreview = { kind: 'lasso'; points: Point[] } | { kind: 'rect'; a: Point; b: Point } | null;

export interface RegionToolsOptions {
  doc: MaskDocument;
  sourceUrl: string;
  viewportRef: RefObject<HTMLElement | null>;
  view: RefObject<ViewTransform>;
  /** Merges a coverage map into the mask as one undoable step. */
  apply: (coverage: Uint8Array, mode: RegionMode) => void;
  onError: (message: string) => void;
}

/** Add when the painter tool is the brush, remove when it is the eraser; Alt flips it for this fill. */
export const regionMode = (altKey: boolean): RegionMode => {
  const erasing = usePainterToolStore.getState().tool === 'eraser';
  return erasing !== altKey ? 'subtract' : 'add';
};

/** Source pixels at native size, decoded once per source (colour selection needs them). */
async function loadPixels(url: string, width: number, height: number): Promise<Uint8ClampedArray> {
  const blob = await (await fetch(url)).blob();
  const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none' });
  try {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('2D canvas unavailable');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height).data;
  } finally {
    bitmap.close();
  }
}

/** Lasso, rectangle and select-by-colour: pointer handling in image coordinates, with a live outline. */
export function useRegionTools(o: RegionToolsOptions) {
  const [preview, setPreview] = useState<RegionPreview>(null);
  const drag = useRef<{ pointerId: number; kind: 'lasso' | 'rect'; points: Point[] } | null>(null);
  const pixels = useRef<{ url: string; data: Promise<Uint8ClampedArray> } | null>(null);
  const opts = useRef(o);
  opts.current = o;

  const toImage = (e: { clientX: number; clientY: number }): Point => {
    const r = opts.current.viewportRef.current?.getBoundingClientRect();
    return screenToImage(opts.current.view.current, {
      x: e.clientX - (r?.left ?? 0),
      y: e.clientY - (r?.top ?? 0),
    });
  };

  const selectColour = useCallback((at: Point, mode: RegionMode) => {
    const { doc, sourceUrl } = opts.current;
    const { width, height } = doc.mask;
    if (pixels.current?.url !== sourceUrl)
      pixels.current = { url: sourceUrl, data: loadPixels(sourceUrl, width, height) };
    const { tolerance, contiguous } = useEditorStore.getState();
    pixels.current.data.then(
      (rgba) => opts.current.apply(colourCoverage(rgba, width, height, at, tolerance, contiguous), mode),
      (e: unknown) => opts.current.onError(e instanceof Error ? e.message : String(e)),
    );
  }, []);

  /** True when the event belonged to a region tool (the caller then skips the brush). */
  const down = (e: React.PointerEvent<HTMLElement>): boolean => {
    const tool = useEditorStore.getState().tool;
    if (tool === 'paint' || e.button !== 0) return false;
    e.preventDefault();
    const p = toImage(e);
    if (tool === 'colour') {
      selectColour(p, regionMode(e.altKey));
      return true;
    }
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // synthetic events have no pointer to capture
    }
    drag.current = { pointerId: e.pointerId, kind: tool, points: [p] };
    setPreview(tool === 'lasso' ? { kind: 'lasso', points: [p] } : { kind: 'rect', a: p, b: p });
    return true;
  };

  const move = (e: React.PointerEvent<HTMLElement>): boolean => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return false;
    const p = toImage(e);
    if (d.kind === 'rect') {
      d.points[1] = p;
      setPreview({ kind: 'rect', a: d.points[0] as Point, b: p });
      return true;
    }
    const last = d.points[d.points.length - 1] as Point;
    // One point per screen pixel or so is plenty for an outline.
    const minStep = 1 / Math.max(1e-6, opts.current.view.current.zoom);
    if (Math.hypot(p.x - last.x, p.y - last.y) >= minStep) {
      d.points.push(p);
      setPreview({ kind: 'lasso', points: d.points.slice() });
    }
    return true;
  };

  const up = (e: React.PointerEvent<HTMLElement>): boolean => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return false;
    drag.current = null;
    setPreview(null);
    const { width, height } = opts.current.doc.mask;
    const mode = regionMode(e.altKey);
    if (d.kind === 'rect') {
      const b = d.points[1];
      if (b) opts.current.apply(rectCoverage(width, height, d.points[0] as Point, b), mode);
    } else if (d.points.length >= 3) {
      opts.current.apply(polygonCoverage(width, height, d.points), mode);
    }
    return true;
  };

  return { preview, down, move, up, active: () => drag.current !== null };
}
