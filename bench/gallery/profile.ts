/**
 * Where the gallery's first paint goes: `npx electron-vite build && npx tsx bench/gallery/profile.ts
 * [--tasks 10000] [--loads 5] [--trace]`. Per load, the page's own timeline (bridge socket, each bridge call
 * sent → answered, first tile, painted, visible media ready) and, with `--trace`, one Chromium trace of a
 * load summarised by main-thread event (time spent before the paint).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad, type LoadFigures } from '../../e2e/support/paint-probe';
import { coldProbedPage, launchBenchBrowser, probedPage, type TraceEvent } from './bench-browser';
import { copyTemplate, ensureTemplate } from './seed-cache';

const { values: args } = parseArgs({
  options: {
    tasks: { type: 'string', default: '10000' },
    loads: { type: 'string', default: '5' },
    trace: { type: 'boolean', default: false },
    /** Trace a load in a fresh browser context (empty cache: fetch, compile) instead of a reload. */
    cold: { type: 'boolean', default: false },
    /** Another renderer build to serve (a copy of out/renderer), e.g. the one before a change. */
    renderer: { type: 'string' },
  },
});
const COUNT = Number(args.tasks);
const ms = (v: number | null): string => (v === null ? '–' : v.toFixed(0)).padStart(6);

function describe(f: LoadFigures): string {
  const calls = f.calls
    .filter((c) => c.sent <= f.paint)
    .map((c) => `${c.method} ${c.sent.toFixed(0)}→${c.answered?.toFixed(0) ?? '…'}`)
    .join(', ');
  const bytes = f.assets.reduce((n, a) => n + a.bytes, 0);
  return `html ${ms(f.html)} ws ${ms(f.wsCreated)}/${ms(f.wsOpen)} tile ${ms(f.firstTile)} paint ${ms(f.paint)} media ${ms(f.mediaReady)} | ${f.tilesAtPaint} tiles, ${f.assets.length} assets ${(bytes / 1024).toFixed(0)} KiB | calls: ${calls}`;
}

/** Inclusive time per event name on the renderer's main thread, from the first event to `untilMs` after it. */
function summarise(file: string, untilMs: number): string {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  // The traced load is the trace's last navigation; its renderer's main thread is the one to read (a cold trace
  // also holds the other pages' renderers, and a fresh context's about:blank one).
  const nav = traceEvents.filter((e) => e.name === 'navigationStart').sort((a, b) => b.ts - a.ts)[0];
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav?.pid);
  if (!nav || !main) return 'no navigation on a renderer main thread in the trace';
  const t0 = nav?.ts ?? 0;
  const sums = new Map<string, number>();
  for (const e of traceEvents) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    if (e.ts < t0 || e.ts > t0 + untilMs * 1000) continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 22)
    .map(([n, v]) => `  ${n.padEnd(36)} ${v.toFixed(1).padStart(8)} ms`)
    .join('\n');
}

async function main(): Promise<void> {
  const template = ensureTemplate(COUNT, 11);
  const app = await startGalleryApp((dir) => copyTemplate(template, dir), {
    ...(args.renderer ? { rendererDir: args.renderer } : {}),
  });
  const browser = await launchBenchBrowser();
  try {
    await app.core.handlers.updatePreferences({ theme: 'dark' });
    const page = await probedPage(browser);
    console.log(`${COUNT.toLocaleString()} tasks, times in ms from navigation start`);
    for (let i = 0; i < Number(args.loads); i++) {
      const f = await measureLoad(page, i === 0 ? app.url : page.url());
      console.log(`load ${i + 1}: ${describe(f)}`);
    }
    if (args.trace) {
      const dir = mkdtempSync(join(tmpdir(), 'atelier-trace-'));
      const file = join(dir, 'trace.json');
      const cold = args.cold ? await coldProbedPage(browser) : null;
      const ctx = cold?.context ?? null;
      const traced = cold?.page ?? page;
      await browser.startTracing(traced, {
        path: file,
        screenshots: false,
        categories: [
          'devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
          'disabled-by-default-devtools.timeline',
        ],
      });
      const f = await measureLoad(traced, ctx ? app.url : page.url());
      await browser.stopTracing();
      await ctx?.close();
      console.log(
        `traced ${ctx ? 'cold ' : ''}load: ${describe(f)}\nmain thread until paint (inclusive, nested events overlap):\n${summarise(file, f.paint)}`,
      );
      if (process.env.KEEP_TRACE) console.log(`trace kept: ${file}`);
      else rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
