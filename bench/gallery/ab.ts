/**
 * Two renderer builds side by side, on a shared (loaded) machine: `npx tsx bench/gallery/ab.ts --a <dir>
 * --b <dir> [--tasks 10000] [--rounds 5] [--search] [--fling]`. Each build (a copy of `out/renderer`) gets
 * its own core + web host over copies of the same seeded history; the measurements alternate A, B, A, B… in
 * one run, so both see the same load. Per round: a cold load (fresh browser context), a warm reload, and with
 * `--search` / `--fling` one search word and one 200 px/frame fling. Prints medians per build and the load
 * average before and after.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { startGalleryApp, type RunningGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad } from '../../e2e/support/paint-probe';
import { coldProbedPage, launchBenchBrowser, probedPage } from './bench-browser';
import { clearSearch, scrollFrames, searchLatency } from './interactions';
import { copyTemplate, ensureTemplate } from './seed-cache';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string', default: '/tmp/s8-base-renderer' },
    b: { type: 'string', default: 'out/renderer' },
    tasks: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    search: { type: 'boolean', default: false },
    fling: { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.tasks);
const ROUNDS = Number(args.rounds);
const WORDS = ['lighthouse', 'fox', 'teapot', 'neon', 'watercolor', 'astronaut', '灯塔', 'koi'];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

interface Side {
  name: string;
  app: RunningGalleryApp;
  page: Page;
  figures: Record<string, number[]>;
}

async function side(browser: Browser, name: string, dir: string, template: string): Promise<Side> {
  const app = await startGalleryApp((d) => copyTemplate(template, d), { rendererDir: resolve(dir) });
  await app.core.handlers.updatePreferences({ theme: 'dark' });
  const page = await probedPage(browser);
  await measureLoad(page, app.url);
  // A build that keeps its first screen does so once the screen has been quiet (2 s): both sides wait alike.
  await page.waitForTimeout(4_000);
  return { name, app, page, figures: {} };
}

const push = (s: Side, k: string, v: number) => (s.figures[k] ??= []).push(v);

async function round(browser: Browser, s: Side, i: number): Promise<void> {
  const { context: ctx, page: cold } = await coldProbedPage(browser);
  const c = await measureLoad(cold, s.app.url);
  await ctx.close();
  push(s, 'cold paint ms', c.paint);
  push(s, 'cold kept paint ms', c.keptPaint ?? NaN);
  push(s, 'cold KiB before paint', c.assets.reduce((n, a) => n + a.bytes, 0) / 1024);
  push(s, 'cold bridge calls before paint', c.calls.filter((x) => x.sent <= c.paint).length);
  const w = await measureLoad(s.page, s.page.url());
  push(s, 'warm paint ms', w.paint);
  // Opened again from its link (web mode's token in the address: the kept screen is served).
  const l = await measureLoad(s.page, s.app.url);
  push(s, 'link paint ms', l.paint);
  push(s, 'link kept paint ms', l.keptPaint ?? NaN);
  if (args.search) {
    const r = await searchLatency(s.page, WORDS[i % WORDS.length]!);
    push(s, 'search ms', r.ms);
    await clearSearch(s.page, COUNT);
  }
  if (args.fling) {
    const f = await scrollFrames(s.page, 'gallery-grid', 200, 4000);
    push(s, 'fling frames > 34 ms', f.deltas.filter((d) => d > 34).length);
    push(s, 'fling frame p95 ms', [...f.deltas].sort((a, b) => a - b)[Math.floor(f.deltas.length * 0.95)] ?? NaN);
  }
}

async function main(): Promise<void> {
  const browser = await launchBenchBrowser();
  const before = load();
  const template = ensureTemplate(COUNT, 11);
  const sides = [await side(browser, 'A', args.a!, template), await side(browser, 'B', args.b!, template)];
  try {
    for (let i = 0; i < ROUNDS; i++) for (const s of i % 2 ? [...sides].reverse() : sides) await round(browser, s, i);
  } finally {
    for (const s of sides) await s.app.close();
    await browser.close();
  }
  console.log(`\nA = ${args.a}\nB = ${args.b}\n${COUNT} tasks, ${ROUNDS} rounds alternating; load average before ${before}, after ${load()}\n`);
  console.log(`${'median'.padEnd(34)}${'A'.padStart(10)}${'B'.padStart(10)}`);
  for (const k of Object.keys(sides[0]!.figures))
    console.log(`${k.padEnd(34)}${median(sides[0]!.figures[k]!).toFixed(1).padStart(10)}${median(sides[1]!.figures[k]!).toFixed(1).padStart(10)}   A: ${sides[0]!.figures[k]!.map((v) => v.toFixed(0)).join(' ')} | B: ${sides[1]!.figures[k]!.map((v) => v.toFixed(0)).join(' ')}`);
}

await main();
