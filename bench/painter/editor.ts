/**
 * Full-screen mask editor bench: `npx tsx bench/painter/editor.ts` (also run by bench/run-all.ts).
 * The real CanvasEditor in Chromium over a 4096² source:
 * (a) "Use this mask" export of a 4096² painted mask to PNG (click → onApply with the blob);
 * (b) stroke-to-paint latency: synthetic pointermove → dirty rect on the overlay canvas → next frame;
 * (c) a lasso fill over most of the image: pointerup → the fill painted.
 * Same method and figures as bench/painter/run.ts (the inline painter), so the two compare directly.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

type MaskFormat = 'white-edit' | 'alpha-edit';
interface LatencySample {
  handlerMs: number;
  inCanvasMs: number;
  nextFrameMs: number;
}
interface HarnessApi {
  exportTimed: (format: MaskFormat) => Promise<{ ms: number; bytes: number }>;
  loadBenchMask: () => Promise<void>;
  strokeLatency: (moves: number, brushSize: number) => Promise<LatencySample[]>;
  lassoTimed: () => Promise<number>;
}
type HarnessGlobal = { canvasHarness: HarnessApi };

const repo = resolve(import.meta.dirname, '../..');
const SIZE = 4096;
const EXPORT_RUNS = 7;
const MOVES = 40;
const LASSO_RUNS = 5;
const FORMATS: MaskFormat[] = ['white-edit', 'alpha-edit'];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? NaN;
};
const ms = (v: number): string => `${v.toFixed(1)} ms`.padStart(10);

async function main(): Promise<void> {
  const started = performance.now();
  const server = await createServer({
    configFile: false,
    root: resolve(repo, 'e2e/harness/canvas'),
    cacheDir: resolve(repo, 'bench/.tmp/vite-canvas'),
    plugins: [react()],
    logLevel: 'warn',
    resolve: { alias: { '@canvas': resolve(repo, 'src/renderer/src/features/canvas') } },
    optimizeDeps: {
      include: [
        'react',
        'react-dom/client',
        'react-dom',
        'react/jsx-dev-runtime',
        'zustand',
        'zustand/middleware',
        'i18next',
        'react-i18next',
        'lucide-react',
      ],
    },
    server: { host: '127.0.0.1', port: 0, fs: { allow: [repo] } },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite did not report a URL');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${url}?size=${SIZE}`);
    await page.waitForFunction(() => 'canvasHarness' in globalThis, undefined, { timeout: 90_000 });
    await page.waitForSelector('[data-testid="cv-canvas"]');

    const latency: Record<number, LatencySample[]> = {};
    for (const brush of [64, 400])
      latency[brush] = await page.evaluate(
        ([m, b]) => (globalThis as unknown as HarnessGlobal).canvasHarness.strokeLatency(m, b),
        [MOVES, brush] as const,
      );
    const lasso: number[] = [];
    for (let i = 0; i < LASSO_RUNS; i++)
      lasso.push(
        await page.evaluate(() => (globalThis as unknown as HarnessGlobal).canvasHarness.lassoTimed()),
      );

    await page.evaluate(() => (globalThis as unknown as HarnessGlobal).canvasHarness.loadBenchMask());
    await page.waitForSelector('[data-testid="cv-canvas"]');
    const exportMs: Record<string, { ms: number; bytes: number }> = {};
    for (const format of FORMATS) {
      const runs: { ms: number; bytes: number }[] = [];
      for (let i = 0; i < EXPORT_RUNS; i++)
        runs.push(
          await page.evaluate(
            (f) => (globalThis as unknown as HarnessGlobal).canvasHarness.exportTimed(f),
            format,
          ),
        );
      exportMs[format] = { ms: median(runs.map((r) => r.ms)), bytes: runs[0]?.bytes ?? 0 };
    }

    console.log(
      `\nFull-screen editor: "Use this mask" export of a ${SIZE}×${SIZE} painted mask to PNG (median of ${EXPORT_RUNS})`,
    );
    console.log('format       | Chromium     | PNG size');
    for (const f of FORMATS)
      console.log(
        `${f.padEnd(12)} | ${ms(exportMs[f]?.ms ?? NaN)}   | ${((exportMs[f]?.bytes ?? 0) / 1024).toFixed(0)} KiB`,
      );
    console.log(
      `\nFull-screen editor: stroke-to-paint latency, ${SIZE}×${SIZE} source, ${MOVES} pointermoves (median / p95)`,
    );
    console.log('brush px | handler (dabs)       | on canvas (rAF)      | next frame');
    for (const [brush, samples] of Object.entries(latency)) {
      const col = (k: keyof LatencySample): string =>
        `${ms(median(samples.map((s) => s[k])))} / ${ms(p95(samples.map((s) => s[k]))).trim()}`;
      const missed = samples.filter((s) => s.inCanvasMs < 0).length;
      console.log(
        `${brush.padStart(8)} | ${col('handlerMs')} | ${col('inCanvasMs')} | ${col('nextFrameMs')}${missed ? `  (${missed} never painted!)` : ''}`,
      );
    }
    console.log(
      `\nLasso fill over ~64 % of ${SIZE}×${SIZE}, pointerup → painted: median ${ms(median(lasso)).trim()} (${lasso.map((x) => x.toFixed(0)).join(', ')} ms)`,
    );
    console.log(`\ntotal bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'canvas-editor',
        exportWhiteEditMs: +(exportMs['white-edit']?.ms ?? NaN).toFixed(1),
        exportAlphaEditMs: +(exportMs['alpha-edit']?.ms ?? NaN).toFixed(1),
        // "On canvas": the dirty rectangle painted (issue 19's stroke figure); "next frame": the vsync after.
        ...Object.fromEntries(
          Object.entries(latency).flatMap(([b, xs]) => [
            [`brush${b}OnCanvasMedianMs`, +median(xs.map((x) => x.inCanvasMs)).toFixed(1)],
            [`brush${b}NextFrameMedianMs`, +median(xs.map((x) => x.nextFrameMs)).toFixed(1)],
          ]),
        ),
        lassoFillMedianMs: +median(lasso).toFixed(1),
      })}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
