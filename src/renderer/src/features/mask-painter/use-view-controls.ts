import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { fitToView, panBy, wheelZoomFactor, zoomAt, type ViewTransform } from './view-transform';

export interface ViewControls {
  view: RefObject<ViewTransform>;
  zoom: number;
  fit: () => void;
  pan: (dx: number, dy: number) => void;
}

/**
 * Pan/zoom state lives in a ref and is applied straight to the stage's CSS transform: the browser
 * scales the native-size image and overlay, so zooming and panning never repaint the mask. React
 * state only mirrors the zoom for the toolbar and the cursor outline.
 */
export function useViewControls(
  viewportRef: RefObject<HTMLElement | null>,
  stageRef: RefObject<HTMLElement | null>,
  width: number,
  height: number,
): ViewControls {
  const view = useRef<ViewTransform>({ zoom: 1, panX: 0, panY: 0 });
  const [zoom, setZoom] = useState(1);
  // Until the user zooms or pans, keep the image fitted as the viewport resizes.
  const userMoved = useRef(false);

  const apply = useCallback(
    (v: ViewTransform) => {
      view.current = v;
      const stage = stageRef.current;
      if (stage) stage.style.transform = `translate(${v.panX}px, ${v.panY}px) scale(${v.zoom})`;
      setZoom(v.zoom);
    },
    [stageRef],
  );

  const fit = useCallback(() => {
    const vp = viewportRef.current;
    if (!vp || vp.clientWidth === 0 || vp.clientHeight === 0) return;
    userMoved.current = false;
    apply(fitToView(width, height, vp.clientWidth, vp.clientHeight));
  }, [viewportRef, apply, width, height]);

  const pan = useCallback(
    (dx: number, dy: number) => {
      userMoved.current = true;
      apply(panBy(view.current, dx, dy));
    },
    [apply],
  );

  useEffect(() => {
    const vp = viewportRef.current;
    if (!vp) return;
    fit();
    const observer = new ResizeObserver(() => {
      if (!userMoved.current) fit();
    });
    observer.observe(vp);
    // Native, non-passive listener: React's onWheel is passive and could not stop the page scrolling
    // (or Ctrl+wheel page zoom) while zooming the image.
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      const r = vp.getBoundingClientRect();
      userMoved.current = true;
      apply(zoomAt(view.current, { x: e.clientX - r.left, y: e.clientY - r.top }, wheelZoomFactor(e.deltaY, e.deltaMode)));
    };
    vp.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      vp.removeEventListener('wheel', onWheel);
    };
  }, [viewportRef, fit, apply]);

  return { view, zoom, fit, pan };
}
