/**
 * Harness page for the bench (bench/painter/run.ts) and e2e: one MaskPainter over a synthetic source
 * of `?size=N` pixels (default 4096), with measuring helpers on `window.painterHarness`. Not part of
 * the app bundle.
 */
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TooltipProvider } from '../../../ui/primitives';
import '../../../ui/primitives/primitives.css';
import { MaskPainter, type MaskPainterHandle } from '../MaskPainter';
import type { MaskFormat } from '../mask-export';
import { usePainterToolStore } from '../painter-tool-store';
import { benchMaskBytes } from './bench-mask';

export interface LatencySample {
  /** dispatchEvent → handler returned (dab stamping). */
  handlerMs: number;
  /** dispatchEvent → the rAF in which the dirty rectangle is readable from the canvas. */
  inCanvasMs: number;
  /** dispatchEvent → the following rAF, i.e. the frame that presents it. */
  nextFrameMs: number;
}

export interface PainterHarnessApi {
  size: number;
  exportTimed: (format: MaskFormat) => Promise<{ ms: number; bytes: number }>;
  loadBenchMask: () => Promise<void>;
  strokeLatency: (moves: number, brushSize: number) => Promise<LatencySample[]>;
  handle: MaskPainterHandle;
}

declare global {
  interface Window {
    painterHarness?: PainterHarnessApi;
  }
}

const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

async function makeSource(size: number): Promise<string> {
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const g = ctx.createLinearGradient(0, 0, size, size);
  g.addColorStop(0, '#3a6ea5');
  g.addColorStop(1, '#f2c14e');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
}

function pointer(type: string, x: number, y: number, buttons: number): PointerEvent {
  return new PointerEvent(type, { clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', button: 0, buttons, bubbles: true, cancelable: true });
}

function createApi(size: number, handle: MaskPainterHandle): PainterHarnessApi {
  return {
    size,
    handle,
    exportTimed: async (format) => {
      const t0 = performance.now();
      const { png } = await handle.exportMask(format);
      return { ms: performance.now() - t0, bytes: png.size };
    },
    loadBenchMask: async () => {
      await handle.loadMask(benchMaskBytes(size, size));
      // Let the full overlay repaint land so it does not overlap the export timings.
      await nextFrame();
      await nextFrame();
    },
    strokeLatency: async (moves, brushSize) => {
      usePainterToolStore.getState().update({ tool: 'brush', size: brushSize, hardness: 1, opacity: 1 });
      handle.clear();
      handle.fitToView();
      await nextFrame();
      const vp = document.querySelector<HTMLElement>('[data-testid="mp-viewport"]');
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="mp-canvas"]');
      const ctx = canvas?.getContext('2d');
      if (!vp || !canvas || !ctx) throw new Error('painter not mounted');
      const box = canvas.getBoundingClientRect();
      const zoom = box.width / size;
      const at = (ix: number, iy: number): [number, number] => [box.left + ix * zoom, box.top + iy * zoom];
      const step = brushSize * 1.25;
      const perRow = Math.floor((size - 2 * brushSize) / step);
      const rows = Math.max(1, Math.floor((size - 2 * brushSize) / (step * 2)));
      // Row-major over the image, wrapping to the top, so every dab lands inside the image.
      const imagePoint = (i: number): [number, number] => [
        brushSize + (i % perRow) * step,
        brushSize + (Math.floor(i / perRow) % rows) * step * 2 + (Math.floor(i / (perRow * rows)) % 2) * step,
      ];
      vp.dispatchEvent(pointer('pointerdown', ...at(...imagePoint(0)), 1));
      await nextFrame();
      await nextFrame();
      const samples: LatencySample[] = [];
      for (let i = 1; i <= moves; i++) {
        const [ix, iy] = imagePoint(i);
        const t0 = performance.now();
        vp.dispatchEvent(pointer('pointermove', ...at(ix, iy), 1));
        const handlerMs = performance.now() - t0;
        let inCanvasMs = -1;
        for (let f = 0; f < 30 && inCanvasMs < 0; f++) {
          await nextFrame();
          if ((ctx.getImageData(Math.floor(ix), Math.floor(iy), 1, 1).data[3] ?? 0) > 0) inCanvasMs = performance.now() - t0;
        }
        await nextFrame();
        samples.push({ handlerMs, inCanvasMs, nextFrameMs: performance.now() - t0 });
      }
      vp.dispatchEvent(pointer('pointerup', ...at(...imagePoint(moves)), 0));
      return samples;
    },
  };
}

function Harness({ size }: { size: number }): React.JSX.Element | null {
  const [url, setUrl] = useState<string | null>(null);
  const ref = useRef<MaskPainterHandle>(null);
  useEffect(() => {
    void makeSource(size).then(setUrl);
  }, [size]);
  useEffect(() => {
    if (url && ref.current) window.painterHarness = createApi(size, ref.current);
  }, [url, size]);
  if (!url) return null;
  return (
    <div style={{ height: '100vh', padding: 8, boxSizing: 'border-box' }}>
      <MaskPainter ref={ref} sourceUrl={url} width={size} height={size} />
    </div>
  );
}

const size = Number(new URLSearchParams(location.search).get('size') ?? 4096);
const rootEl = document.getElementById('root');
if (rootEl) {
  createRoot(rootEl).render(
    <StrictMode>
      <TooltipProvider>
        <Harness size={size} />
      </TooltipProvider>
    </StrictMode>,
  );
}
