/**
 * What every gallery bench opens the same way: Chromium (Debian's, or `CHROMIUM_PATH`), a page at the benches'
 * viewport with the paint probe installed, and the trace events they read.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startGalleryApp, type RunningGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad, PAINT_PROBE } from '../../e2e/support/paint-probe';
import { copyTemplate, ensureTemplate } from './seed-cache';

/** The window every gallery figure is measured in. */
export const BENCH_VIEWPORT = { width: 1440, height: 900 } as const;

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

async function probed(page: Page): Promise<Page> {
  // tsx compiles named functions with a `__name` helper that page.evaluate'd code would not find.
  await page.addInitScript('window.__name = (fn) => fn');
  await page.addInitScript(PAINT_PROBE);
  return page;
}

/** A page in the browser's own context (warm loads share its cache), the paint probe installed before the app runs. */
export async function probedPage(browser: Browser): Promise<Page> {
  return probed(await browser.newPage({ viewport: BENCH_VIEWPORT }));
}

/** A page in a fresh context (an empty cache: a cold load), the paint probe installed; close the context after. */
export async function coldProbedPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: BENCH_VIEWPORT });
  return { context, page: await probed(await context.newPage()) };
}

/**
 * The gallery of `tasks` seeded tasks served from `rendererDir`, in the dark theme, loaded once in a probed
 * page: where the interaction benches start. The caller closes the browser and the app.
 */
export async function openLoadedGallery(tasks: number, rendererDir: string): Promise<{ app: RunningGalleryApp; browser: Browser; page: Page }> {
  const template = ensureTemplate(tasks, 11);
  const app = await startGalleryApp((d) => copyTemplate(template, d), { rendererDir });
  const browser = await launchBenchBrowser();
  try {
    await app.core.handlers.updatePreferences({ theme: 'dark' });
    const page = await probedPage(browser);
    await measureLoad(page, app.url);
    return { app, browser, page };
  } catch (e) {
    await browser.close();
    await app.close();
    throw e;
  }
}

/** One event of a Chromium trace (`browser.startTracing`), the fields the benches read. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; type?: string; functionName?: string } };
}
