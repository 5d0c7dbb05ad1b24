/**
 * Harness page for the full-screen editor's bench (bench/painter/editor.ts): the real CanvasEditor over a
 * synthetic `?size=N` source (default 4096), measuring helpers on `window.canvasHarness`. Not in the app bundle.
 */
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TooltipProvider } from '../../../ui/primitives';
import '../../../ui/primitives/primitives.css';
import '../../../i18n';
import '../../../styles/theme.css';
import '../../../styles/ui.css';
import type { MaskChange } from '../../mask-painter';
import type { MaskFormat } from '../../mask-painter';
import { benchMaskBytes } from '../../mask-painter';
import { usePainterToolStore } from '../../mask-painter';
import { CanvasEditor } from '../editor/CanvasEditor';
import { useEditorStore } from '../editor/editor-store';

export interface LatencySample {
  handlerMs: number;
  inCanvasMs: number;
  nextFrameMs: number;
}

export interface CanvasHarnessApi {
  exportTimed: (format: MaskFormat) => Promise<{ ms: number; bytes: number }>;
  loadBenchMask: () => Promise<void>;
  strokeLatency: (moves: number, brushSize: number) => Promise<LatencySample[]>;
  /** A lasso over most of the image, pointerup → mask updated and painted (ms). */
  lassoTimed: () => Promise<number>;
}

declare global {
  interface Window {
    canvasHarness?: CanvasHarnessApi;
  }
}

const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
const pointer = (type: string, x: number, y: number, buttons: number): PointerEvent =>
  new PointerEvent(type, {
    clientX: x,
    clientY: y,
    pointerId: 1,
    pointerType: 'mouse',
    button: 0,
    buttons,
    bubbles: true,
    cancelable: true,
  });

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

function parts() {
  const vp = document.querySelector<HTMLElement>('[data-testid="cv-viewport"]');
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="cv-canvas"]');
  const ctx = canvas?.getContext('2d');
  if (!vp || !canvas || !ctx) throw new Error('editor not mounted');
  return { vp, canvas, ctx };
}

function Harness({ size }: { size: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [initial, setInitial] = useState<Uint8Array | undefined>(undefined);
  const applied = useRef<((c: MaskChange) => void) | null>(null);
  useEffect(() => {
    void makeSource(size).then(setUrl);
  }, [size]);
  useEffect(() => {
    if (!url) return;
    window.canvasHarness = {
      exportTimed: async (format) => {
        usePainterToolStore.getState().update({ format });
        const done = new Promise<MaskChange>((resolve) => (applied.current = resolve));
        const t0 = performance.now();
        document.querySelector<HTMLButtonElement>('[data-testid="cv-apply"]')?.click();
        const change = await done;
        return { ms: performance.now() - t0, bytes: change.png.size };
      },
      loadBenchMask: async () => {
        setInitial(benchMaskBytes(size, size));
        for (let i = 0; i < 4; i++) await nextFrame();
      },
      strokeLatency: async (moves, brushSize) => {
        useEditorStore.getState().update({ tool: 'paint', view: 'overlay' });
        usePainterToolStore.getState().update({ tool: 'brush', size: brushSize, hardness: 1, opacity: 1 });
        document.querySelector<HTMLButtonElement>('[data-testid="cv-clear"]')?.click();
        await nextFrame();
        const { vp, canvas, ctx } = parts();
        const box = canvas.getBoundingClientRect();
        const zoom = box.width / size;
        const at = (ix: number, iy: number): [number, number] => [box.left + ix * zoom, box.top + iy * zoom];
        const step = brushSize * 1.25;
        const perRow = Math.floor((size - 2 * brushSize) / step);
        const rows = Math.max(1, Math.floor((size - 2 * brushSize) / (step * 2)));
        const imagePoint = (i: number): [number, number] => [
          brushSize + (i % perRow) * step,
          brushSize +
            (Math.floor(i / perRow) % rows) * step * 2 +
            (Math.floor(i / (perRow * rows)) % 2) * step,
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
            if ((ctx.getImageData(Math.floor(ix), Math.floor(iy), 1, 1).data[3] ?? 0) > 0)
              inCanvasMs = performance.now() - t0;
          }
          await nextFrame();
          samples.push({ handlerMs, inCanvasMs, nextFrameMs: performance.now() - t0 });
        }
        vp.dispatchEvent(pointer('pointerup', ...at(...imagePoint(moves)), 0));
        return samples;
      },
      lassoTimed: async () => {
        useEditorStore.getState().update({ tool: 'lasso' });
        usePainterToolStore.getState().update({ tool: 'brush' });
        document.querySelector<HTMLButtonElement>('[data-testid="cv-clear"]')?.click();
        await nextFrame();
        const { vp, canvas, ctx } = parts();
        const box = canvas.getBoundingClientRect();
        const pts: [number, number][] = [];
        for (let k = 0; k < 64; k++) {
          const a = (k / 64) * Math.PI * 2;
          pts.push([
            box.left + box.width * (0.5 + 0.45 * Math.cos(a)),
            box.top + box.height * (0.5 + 0.45 * Math.sin(a)),
          ]);
        }
        const first = pts[0] ?? [0, 0];
        vp.dispatchEvent(pointer('pointerdown', ...first, 1));
        for (const p of pts.slice(1)) vp.dispatchEvent(pointer('pointermove', ...p, 1));
        const t0 = performance.now();
        vp.dispatchEvent(pointer('pointerup', ...first, 0));
        const cx = Math.floor(size / 2);
        for (let f = 0; f < 60; f++) {
          await nextFrame();
          if ((ctx.getImageData(cx, cx, 1, 1).data[3] ?? 0) > 0) return performance.now() - t0;
        }
        return -1;
      },
    };
  }, [url, size]);
  if (!url) return null;
  return (
    <CanvasEditor
      key={initial ? 'bench-mask' : 'empty'}
      sourceUrl={url}
      width={size}
      height={size}
      initialMask={initial}
      onApply={(c) => applied.current?.(c)}
      onCancel={() => undefined}
    />
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
