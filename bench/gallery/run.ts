/**
 * Gallery bench: `npx electron-vite build && npx tsx bench/gallery/run.ts [count]`.
 * With 10,000 tasks in the DB (real PNG/MP4 files in the library) and the real core + web host, in
 * Chromium via playwright-core: time to first gallery paint, search latency (typing a word → results
 * rendered), and frame times while scrolling the virtual grid and list (rAF deltas).
 */
import { chromium, type Page } from 'playwright-core';
import { startGalleryApp } from '../../e2e/support/gallery-app';
import { seedGallery } from '../../e2e/support/seed';

const COUNT = Number(process.argv[2] ?? 10_000);
const WORDS = ['lighthouse', 'fox', 'teapot', 'neon', 'watercolor', 'astronaut', '灯塔', 'koi'];

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const f = (v: number): string => `${v.toFixed(1)} ms`.padStart(11);

/** Navigation start → the first tiles are in the DOM and a frame has been painted with them. */
async function firstPaint(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="task-tile"]');
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))));
}

/** Typing a word → the filtered grid rendered: input event → total changed → next frame. */
async function searchLatency(page: Page, word: string): Promise<{ ms: number; total: number }> {
  return page.evaluate(
    (w) =>
      new Promise<{ ms: number; total: number }>((resolve) => {
        const root = document.querySelector('[data-testid="gallery"]');
        const input = document.querySelector<HTMLInputElement>('[data-testid="gallery-search"]');
        if (!root || !input) throw new Error('gallery not found');
        const before = root.getAttribute('data-total');
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (root.getAttribute('data-total') === before && root.getAttribute('data-loaded') !== '0') return;
          obs.disconnect();
          requestAnimationFrame(() => resolve({ ms: performance.now() - t0, total: Number(root.getAttribute('data-total')) }));
        });
        obs.observe(root, { attributes: true, attributeFilter: ['data-total', 'data-loaded'] });
        setter?.call(input, w);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    word,
  );
}

async function clearSearch(page: Page): Promise<void> {
  await page.getByTestId('gallery-search').fill('');
  await page.waitForFunction((n) => document.querySelector('[data-testid="gallery"]')?.getAttribute('data-total') === String(n), COUNT);
}

/** Scrolls the virtual list `pxPerFrame` each frame for `ms`, recording the frame deltas. */
async function scrollFrames(page: Page, testId: string, pxPerFrame: number, ms: number): Promise<{ deltas: number[]; rows: number; loaded: number }> {
  return page.evaluate(
    ({ id, px, dur }) =>
      new Promise<{ deltas: number[]; rows: number; loaded: number }>((resolve) => {
        const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
        if (!el) throw new Error(`${id} not found`);
        el.scrollTop = 0;
        const deltas: number[] = [];
        const start = performance.now();
        let last = start;
        const frame = (now: number) => {
          deltas.push(now - last);
          last = now;
          el.scrollTop += px;
          if (now - start < dur) requestAnimationFrame(frame);
          else resolve({ deltas: deltas.slice(1), rows: Math.round(el.scrollTop), loaded: Number(document.querySelector('[data-testid="gallery"]')?.getAttribute('data-loaded')) });
        };
        requestAnimationFrame((t) => {
          last = t;
          requestAnimationFrame(frame);
        });
      }),
    { id: testId, px: pxPerFrame, dur: ms },
  );
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const app = await startGalleryApp((dir) => void seedGallery(dir, { count: COUNT, seed: 11 }));
  const seededMs = performance.now() - t0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx (esbuild keepNames) wraps named inner functions in `__name(...)`; page functions need it too.
    await page.addInitScript('window.__name = (fn) => fn');
    await app.core.handlers.updatePreferences({ theme: 'dark' });
    const paints: number[] = [];
    for (let i = 0; i < 5; i++) paints.push(await firstPaint(page, i === 0 ? app.url : page.url()));

    const searches: number[] = [];
    const lines: string[] = [];
    for (const w of WORDS) {
      const r = await searchLatency(page, w);
      searches.push(r.ms);
      lines.push(`  ${w.padEnd(12)} ${String(r.total).padStart(5)} tasks ${f(r.ms)}`);
      await clearSearch(page);
    }

    await page.getByTestId('view-grid').click();
    const grid = await scrollFrames(page, 'gallery-grid', 40, 5000);
    const gridFast = await scrollFrames(page, 'gallery-grid', 200, 4000);
    await page.getByTestId('view-list').click();
    await page.waitForSelector('[data-testid="task-row"]');
    const list = await scrollFrames(page, 'gallery-list', 40, 5000);
    await page.getByTestId('view-grid').click();

    const row = (name: string, xs: number[]) => `${name.padEnd(34)}${f(q(xs, 0.5))}${f(q(xs, 0.95))}${f(Math.max(...xs))}   (${xs.length} frames)`;
    console.log(`\nGallery bench — ${COUNT.toLocaleString()} tasks (seed + files ${(seededMs / 1000).toFixed(1)} s), Chromium ${browser.version()}, software rendering (--disable-gpu)\n`);
    console.log(`${''.padEnd(34)}${'median'.padStart(11)}${'p95'.padStart(11)}${'max'.padStart(11)}`);
    console.log(row('first gallery paint (5 loads)', paints));
    console.log(row('search: keystroke → rendered', searches));
    console.log(row('  of which debounce', [200]));
    console.log(row('scroll grid 40 px/frame', grid.deltas));
    console.log(row('scroll grid 200 px/frame (fling)', gridFast.deltas));
    console.log(row('scroll list 40 px/frame', list.deltas));
    console.log(`\nsearch words:\n${lines.join('\n')}`);
    console.log(`\nloaded while scrolling: grid ${gridFast.loaded} of ${COUNT} tasks (pages of 150, fetched as the view nears the end)`);
    const jank = (xs: number[]) => xs.filter((d) => d > 34).length;
    console.log(`frames over 34 ms (2 frames at 60 Hz): grid ${jank(grid.deltas)}, fling ${jank(gridFast.deltas)}, list ${jank(list.deltas)}`);
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
