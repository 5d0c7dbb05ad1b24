/**
 * Gallery bench: `npx electron-vite build && npx tsx bench/gallery/run.ts [--tasks 10000,100000] [--loads 7]`.
 * For each history size, a real SQLite DB of that many tasks (result files for the newest 10,000, see
 * seed-cache.ts), the real core + web host, in Chromium via playwright-core:
 * - first gallery paint: navigation start → the frame that shows the first page of tiles, measured inside the
 *   page (paint-probe.ts), median over `--loads` reloads of one tab (the first one cold) and over fresh
 *   browser contexts (empty cache, new session); with the bridge calls the page made before that paint;
 *   and, for loads that carry the session token (a fresh context, or the link opened again), the frame that
 *   first showed the kept screen painted from the HTML before React runs (see src/core/kept-screen);
 * - at the first size only (with `--interact`, the default): search latency (typing a word → results
 *   rendered) and frame times while scrolling the virtual grid and list (rAF deltas).
 * The last line is `BENCH_RESULT {json}` for bench/run-all.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { startGalleryApp, type RunningGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad, type LoadFigures } from '../../e2e/support/paint-probe';
import { coldProbedPage, launchBenchBrowser, probedPage } from './bench-browser';
import { clearSearch, scrollFrames, searchLatency } from './interactions';
import { copyTemplate, ensureTemplate } from './seed-cache';

const { values: args } = parseArgs({
  options: {
    tasks: { type: 'string', default: '10000,100000' },
    loads: { type: 'string', default: '7' },
    cold: { type: 'string', default: '3' },
    interact: { type: 'boolean', default: true },
    'no-interact': { type: 'boolean', default: false },
  },
});
const COUNTS = (args.tasks ?? '10000').split(',').map(Number);
const LOADS = Number(args.loads);
const COLD = Number(args.cold);
/** The search box's wait before a word typed after a pause (none: search-debounce.ts applies it at once), shown beside the search latency. */
const SEARCH_DEBOUNCE_MS = 0;
const WORDS = ['lighthouse', 'fox', 'teapot', 'neon', 'watercolor', 'astronaut', '灯塔', 'koi'];

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};
const f = (v: number): string => `${v.toFixed(1)} ms`.padStart(11);
const row = (name: string, xs: number[], unit = 'loads') =>
  `${name.padEnd(40)}${f(median(xs))}${f(q(xs, 0.95))}${f(Math.max(...xs))}   (${xs.length} ${unit})`;

/** Bridge calls sent before the paint, e.g. "getFirstScreen" or "listTasks×4, getPreferences". */
function callsBeforePaint(l: LoadFigures): string[] {
  return l.calls.filter((c) => c.sent <= l.paint).map((c) => c.method);
}
const summariseCalls = (methods: string[]): string => {
  const n = new Map<string, number>();
  for (const m of methods) n.set(m, (n.get(m) ?? 0) + 1);
  return [...n].map(([m, k]) => (k > 1 ? `${m}×${k}` : m)).join(', ');
};

interface SizeResult {
  tasks: number;
  warm: LoadFigures[];
  cold: LoadFigures[];
  link: LoadFigures[];
}

async function measureSize(
  browser: Browser,
  app: RunningGalleryApp,
  count: number,
): Promise<{ result: SizeResult; page: Page }> {
  // A library this size has been opened before: the studio has kept its first screen (after 2 s of quiet),
  // which the loads below paint before React runs. One load, then wait for it (a build that keeps none: 8 s).
  const primer = await probedPage(browser);
  await measureLoad(primer, app.url);
  const kept = join(app.dataDir, 'kept-screen.json');
  for (let waited = 0; waited < 8_000 && !existsSync(kept); waited += 250) await primer.waitForTimeout(250);
  await primer.close();
  const cold: LoadFigures[] = [];
  for (let i = 0; i < COLD; i++) {
    const { context: ctx, page } = await coldProbedPage(browser);
    cold.push(await measureLoad(page, app.url));
    await ctx.close();
  }
  const page = await probedPage(browser);
  const warm: LoadFigures[] = [];
  for (let i = 0; i < LOADS; i++) warm.push(await measureLoad(page, i === 0 ? app.url : page.url()));
  // Opened again from its link (web mode's token in the address, as the desktop's every load): the kept screen.
  const link: LoadFigures[] = [];
  for (let i = 0; i < COLD; i++) link.push(await measureLoad(page, app.url));
  return { result: { tasks: count, warm, cold, link }, page };
}

async function interactions(page: Page, count: number): Promise<Record<string, number>> {
  const searches: number[] = [];
  const lines: string[] = [];
  for (const w of WORDS) {
    const r = await searchLatency(page, w);
    searches.push(r.ms);
    lines.push(`  ${w.padEnd(12)} ${String(r.total).padStart(5)} tasks ${f(r.ms)}`);
    await clearSearch(page, count);
  }
  await page.getByTestId('view-grid').click();
  const grid = await scrollFrames(page, 'gallery-grid', 40, 5000);
  const gridFast = await scrollFrames(page, 'gallery-grid', 200, 4000);
  await page.getByTestId('view-list').click();
  await page.waitForSelector('[data-testid="task-row"]');
  const list = await scrollFrames(page, 'gallery-list', 40, 5000);
  await page.getByTestId('view-grid').click();
  console.log(row('search: keystroke → rendered', searches, 'words'));
  console.log(row('  of which debounce', [SEARCH_DEBOUNCE_MS], ''));
  console.log(row('scroll grid 40 px/frame', grid.deltas, 'frames'));
  console.log(row('scroll grid 200 px/frame (fling)', gridFast.deltas, 'frames'));
  console.log(row('scroll list 40 px/frame', list.deltas, 'frames'));
  console.log(`\nsearch words:\n${lines.join('\n')}`);
  console.log(
    `\nloaded while scrolling: grid ${gridFast.loaded} of ${count} tasks (pages of 150, fetched as the view nears the end)`,
  );
  const jank = (xs: number[]) => xs.filter((d) => d > 34).length;
  console.log(
    `frames over 34 ms (2 frames at 60 Hz): grid ${jank(grid.deltas)}, fling ${jank(gridFast.deltas)}, list ${jank(list.deltas)}`,
  );
  return {
    searchMedianMs: median(searches),
    searchP95Ms: q(searches, 0.95),
    scrollGridMedianMs: median(grid.deltas),
    scrollGridP95Ms: q(grid.deltas, 0.95),
    scrollFlingMedianMs: median(gridFast.deltas),
    scrollFlingP95Ms: q(gridFast.deltas, 0.95),
    scrollFlingOver34: jank(gridFast.deltas),
  };
}

async function main(): Promise<void> {
  const browser = await launchBenchBrowser();
  const result: Record<string, unknown> = {};
  try {
    for (const [i, count] of COUNTS.entries()) {
      const t0 = performance.now();
      const template = ensureTemplate(count, 11);
      const app = await startGalleryApp((dir) => copyTemplate(template, dir));
      const readyS = (performance.now() - t0) / 1000;
      try {
        await app.core.handlers.updatePreferences({ theme: 'dark' });
        const { result: r, page } = await measureSize(browser, app, count);
        const paints = r.warm.map((l) => l.paint);
        const colds = r.cold.map((l) => l.paint);
        const keptOf = (ls: LoadFigures[]) => ls.flatMap((l) => (l.keptPaint === null ? [] : [l.keptPaint]));
        const keptColds = keptOf(r.cold);
        const keptLinks = keptOf(r.link);
        const media = r.warm.flatMap((l) => (l.mediaReady === null ? [] : [l.mediaReady]));
        const calls = callsBeforePaint(r.warm.at(-1)!);
        console.log(
          `\nGallery bench — ${count.toLocaleString()} tasks (data ready in ${readyS.toFixed(1)} s), Chromium ${browser.version()}, software rendering (--disable-gpu)\n`,
        );
        console.log(`${''.padEnd(40)}${'median'.padStart(11)}${'p95'.padStart(11)}${'max'.padStart(11)}`);
        console.log(row(`first gallery paint (${LOADS} loads)`, paints));
        console.log(row(`  cold: fresh browser context`, colds));
        console.log(row(`  cold: the kept screen painted`, keptColds));
        console.log(row(`  opened from its link`, r.link.map((l) => l.paint)));
        console.log(row(`  opened from its link: kept screen`, keptLinks));
        console.log(row(`  visible tiles' pictures shown`, media));
        console.log(
          row(
            `  bridge socket open`,
            r.warm.flatMap((l) => (l.wsOpen === null ? [] : [l.wsOpen])),
          ),
        );
        console.log(
          `bridge calls before the paint: ${calls.length} (${summariseCalls(calls)}); tiles at paint: ${r.warm.at(-1)!.tilesAtPaint}`,
        );
        const assets = r.warm[0]!.assets;
        console.log(
          `scripts + styles before the paint: ${assets.length} files, ${(assets.reduce((n, a) => n + a.bytes, 0) / 1024).toFixed(0)} KiB`,
        );
        const k = `${count / 1000}k`;
        result[`paint${k}MedianMs`] = median(paints);
        result[`paint${k}P95Ms`] = q(paints, 0.95);
        result[`paint${k}ColdMedianMs`] = median(colds);
        result[`paint${k}ColdKeptMedianMs`] = keptColds.length ? median(keptColds) : null;
        result[`paint${k}LinkMedianMs`] = median(r.link.map((l) => l.paint));
        result[`paint${k}LinkKeptMedianMs`] = keptLinks.length ? median(keptLinks) : null;
        result[`paint${k}MediaMedianMs`] = median(media);
        result[`paint${k}Calls`] = calls.length;
        if (i === 0 && args.interact && !args['no-interact'])
          Object.assign(result, await interactions(page, count));
        await page.close();
      } finally {
        await app.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`BENCH_RESULT ${JSON.stringify({ name: 'gallery', counts: COUNTS, ...result })}`);
}

await main();
