/**
 * A V8 CPU profile of one cold gallery load (fresh browser context), for reading where the first paint's
 * main-thread time goes: `NO_MINIFY=1 npx electron-vite build && cp -r out/renderer /tmp/r && npx tsx
 * bench/gallery/cpu-load.ts /tmp/r out.cpuprofile` (open it in Chrome DevTools or summarise it).
 */
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { startGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad, PAINT_PROBE } from '../../e2e/support/paint-probe';
import { copyTemplate, ensureTemplate } from './seed-cache';
const template = ensureTemplate(Number(process.env.N ?? 10000), 11);
const app = await startGalleryApp((d) => copyTemplate(template, d), { rendererDir: process.argv[2]! });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
await page.addInitScript(PAINT_PROBE);
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const f = await measureLoad(page, app.url);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync(process.argv[3]!, JSON.stringify(profile));
console.log('paint', f.paint.toFixed(0), 'tile', f.firstTile.toFixed(0));
await browser.close(); await app.close();
