/**
 * Mask painter bench: `npx tsx bench/painter/run.ts`.
 * (a) export of a 4096² mask to PNG — Chromium (CompressionStream) and node (node:zlib), same encoder;
 * (b) stroke-to-paint latency with a 4096² source: synthetic pointermove → dirty rect on the canvas.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startPainterHarness } from './harness-server';

/*
 * The painter's pure modules are imported at run time by path: the node and web tsconfigs are separate
 * composite projects, so a static import of renderer files from bench/ would not type-check (TS6307).
 * The few shapes used here are restated below.
 */
type MaskFormat = 'white-edit' | 'alpha-edit';
interface MaskRaster {
  data: Uint8Array;
}
interface PainterModules {
  MaskDocument: new (w: number, h: number, initial?: Uint8Array) => { mask: MaskRaster };
  encodeMaskPng: (mask: MaskRaster, o: { format: MaskFormat; deflate: (b: Uint8Array) => Promise<Uint8Array> }) => Promise<Uint8Array>;
  benchMaskBytes: (w: number, h: number) => Uint8Array;
}
interface LatencySample {
  handlerMs: number;
  inCanvasMs: number;
  nextFrameMs: number;
}
interface HarnessApi {
  exportTimed: (format: MaskFormat) => Promise<{ ms: number; bytes: number }>;
  loadBenchMask: () => Promise<void>;
  strokeLatency: (moves: number, brushSize: number) => Promise<LatencySample[]>;
}
/** In-page access to the API installed by painter-harness.tsx (page functions are serialised, so each
 * one restates this expression; the cast is type-only and disappears). */
type HarnessGlobal = { painterHarness: HarnessApi };

async function loadPainterModules(): Promise<PainterModules> {
  const dir = resolve(import.meta.dirname, '../../src/renderer/src/features/mask-painter');
  const load = (file: string): Promise<Partial<PainterModules>> => import(pathToFileURL(resolve(dir, file)).href);
  return { ...(await load('mask-document.ts')), ...(await load('mask-export.ts')), ...(await load('harness/bench-mask.ts')) } as PainterModules;
}

const SIZE = 4096;
const EXPORT_RUNS = 7;
const MOVES = 40;
const FORMATS: MaskFormat[] = ['white-edit', 'alpha-edit'];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const p95 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? NaN;
};
const ms = (v: number): string => `${v.toFixed(1)} ms`.padStart(10);

async function nodeExport(m: PainterModules, format: MaskFormat): Promise<{ ms: number; bytes: number }> {
  const { MaskDocument, encodeMaskPng, benchMaskBytes } = m;
  const doc = new MaskDocument(SIZE, SIZE, benchMaskBytes(SIZE, SIZE));
  const deflate = (b: Uint8Array): Promise<Uint8Array> => Promise.resolve(new Uint8Array(deflateSync(b)));
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const t0 = performance.now();
    bytes = (await encodeMaskPng(doc.mask, { format, deflate })).length;
    times.push(performance.now() - t0);
  }
  return { ms: median(times), bytes };
}

async function main(): Promise<void> {
  const started = performance.now();
  const modules = await loadPainterModules();
  const { url, server } = await startPainterHarness();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${url}?size=${SIZE}`);
    await page.waitForFunction(() => 'painterHarness' in globalThis, undefined, { timeout: 60_000 });

    const latency: Record<number, LatencySample[]> = {};
    for (const brush of [64, 400]) {
      latency[brush] = await page.evaluate(([m, b]) => (globalThis as unknown as HarnessGlobal).painterHarness.strokeLatency(m, b), [MOVES, brush] as const);
    }

    await page.evaluate(() => (globalThis as unknown as HarnessGlobal).painterHarness.loadBenchMask());
    const browserExport: Record<string, { ms: number; bytes: number }> = {};
    for (const format of FORMATS) {
      const runs: { ms: number; bytes: number }[] = [];
      for (let i = 0; i < EXPORT_RUNS; i++) runs.push(await page.evaluate((f) => (globalThis as unknown as HarnessGlobal).painterHarness.exportTimed(f), format));
      browserExport[format] = { ms: median(runs.map((r) => r.ms)), bytes: runs[0]?.bytes ?? 0 };
    }

    console.log(`\nExport of a ${SIZE}×${SIZE} painted mask to PNG (median of ${EXPORT_RUNS})`);
    console.log('format       | Chromium (its PNG encoder)   | node (ours + node:zlib) | PNG size');
    for (const format of FORMATS) {
      const n = await nodeExport(modules, format);
      const b = browserExport[format];
      console.log(`${format.padEnd(12)} | ${ms(b?.ms ?? NaN).padStart(28)} | ${ms(n.ms).padStart(23)} | ${((b?.bytes ?? n.bytes) / 1024).toFixed(0)} KiB`);
    }

    console.log(`\nStroke-to-paint latency, ${SIZE}×${SIZE} source, ${MOVES} pointermoves (median / p95)`);
    console.log('brush px | handler (dabs)       | on canvas (rAF)      | next frame');
    for (const [brush, samples] of Object.entries(latency)) {
      const col = (k: keyof LatencySample): string => `${ms(median(samples.map((s) => s[k])))} / ${ms(p95(samples.map((s) => s[k]))).trim()}`;
      const missed = samples.filter((s) => s.inCanvasMs < 0).length;
      console.log(`${brush.padStart(8)} | ${col('handlerMs')} | ${col('inCanvasMs')} | ${col('nextFrameMs')}${missed ? `  (${missed} never painted!)` : ''}`);
    }
    console.log(`\ntotal bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`BENCH_RESULT ${JSON.stringify({ name: 'painter', exportWhiteEditMs: +(browserExport['white-edit']?.ms ?? NaN).toFixed(1), exportAlphaEditMs: +(browserExport['alpha-edit']?.ms ?? NaN).toFixed(1), ...Object.fromEntries(Object.entries(latency).flatMap(([b, xs]) => [[`brush${b}OnCanvasMedianMs`, +median(xs.map((x) => x.inCanvasMs)).toFixed(1)], [`brush${b}NextFrameMedianMs`, +median(xs.map((x) => x.nextFrameMs)).toFixed(1)]])) })}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
