/**
 * A V8 CPU profile of one gallery load, or of one search, for reading where the main thread's time goes:
 * `NO_MINIFY=1 npx electron-vite build && cp -r out/renderer /tmp/r && npx tsx bench/gallery/cpu-load.ts
 * /tmp/r out.cpuprofile [cold|warm|search]` (open the file in Chrome DevTools, or summarise it).
 * cold: a fresh browser context; warm: a reload after one load; search: typing a word after a load.
 */
import { writeFileSync } from 'node:fs';
import { startGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad } from '../../e2e/support/paint-probe';
import { coldProbedPage, launchBenchBrowser } from './bench-browser';
import { searchLatency } from './interactions';
import { copyTemplate, ensureTemplate } from './seed-cache';

async function main(): Promise<void> {
  const [dir, out, mode = 'cold'] = process.argv.slice(2);
  if (!dir || !out) throw new Error('usage: cpu-load.ts <renderer dir> <out.cpuprofile> [cold|warm|search]');
  const template = ensureTemplate(Number(process.env.TASKS ?? 10000), 11);
  const app = await startGalleryApp((d) => copyTemplate(template, d), { rendererDir: dir });
  const browser = await launchBenchBrowser();
  try {
    const { context: ctx, page } = await coldProbedPage(browser);
    if (mode !== 'cold') await measureLoad(page, app.url);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    if (mode === 'search') console.log('search', (await searchLatency(page, 'lighthouse')).ms.toFixed(0), 'ms');
    else {
      const f = await measureLoad(page, mode === 'cold' ? app.url : page.url());
      console.log(`${mode} load: paint ${f.paint.toFixed(0)} ms, first tile ${f.firstTile.toFixed(0)} ms`);
    }
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
