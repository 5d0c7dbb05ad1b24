/**
 * A reload of a page that has settled, two renderer builds side by side: `npx tsx bench/gallery/settled-reload.ts
 * --a <dir> --b <dir> [--rounds 10] [--settle 1500]`. Each build (a copy of `out/renderer`) gets its own core +
 * web host over copies of one seeded 10,000-task history; per round, each page waits `--settle` ms after its
 * last paint (as a user does before pressing reload; the full bench reloads as soon as the pictures show), then
 * reloads. Prints the medians of the bridge socket's creation and the first paint, and the `<video>` players
 * alive when the reload began (the old page's players are torn down before the new page runs, issue 31).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { startGalleryApp, type RunningGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad } from '../../e2e/support/paint-probe';
import { launchBenchBrowser, probedPage } from './bench-browser';
import { copyTemplate, ensureTemplate } from './seed-cache';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string', default: '/tmp/s15-base-renderer' },
    b: { type: 'string', default: 'out/renderer' },
    rounds: { type: 'string', default: '10' },
    settle: { type: 'string', default: '1500' },
  },
});
const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
const load = (): string => loadavg()[0]!.toFixed(1);

const template = ensureTemplate(10000, 11);
const browser = await launchBenchBrowser();
const before = load();
const sides: { dir: string; app: RunningGalleryApp; page: Page; ws: number[]; paint: number[]; videos: number[] }[] = [];
try {
  for (const dir of [args.a!, args.b!]) {
    const app = await startGalleryApp((d) => copyTemplate(template, d), { rendererDir: resolve(dir) });
    await app.core.handlers.updatePreferences({ theme: 'dark' });
    const page = await probedPage(browser);
    await measureLoad(page, app.url);
    sides.push({ dir, app, page, ws: [], paint: [], videos: [] });
  }
  for (let i = 0; i < Number(args.rounds); i++)
    for (const s of i % 2 ? [...sides].reverse() : sides) {
      await s.page.waitForTimeout(Number(args.settle));
      s.videos.push(await s.page.locator('video').count());
      const f = await measureLoad(s.page, s.page.url());
      s.ws.push(f.wsCreated ?? NaN);
      s.paint.push(f.paint);
    }
  for (const [k, s] of sides.entries())
    console.log(
      `${k ? 'B' : 'A'} ${s.dir}: socket created ${median(s.ws).toFixed(0)} ms, paint ${median(s.paint).toFixed(0)} ms (median) | paints ${s.paint.map((v) => v.toFixed(0)).join(' ')} | players at reload ${s.videos.join(' ')}`,
    );
  console.log(`load average ${before} → ${load()}`);
} finally {
  for (const s of sides) await s.app.close();
  await browser.close();
}
