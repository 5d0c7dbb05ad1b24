import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import type { ViteDevServer } from 'vite';
import { startPainterHarness } from '../bench/painter/harness-server';

/**
 * The mask export in Chromium, through the painter's real `exportMask` (Chromium's own PNG encoder,
 * with the compact encoder as the fallback for large alpha masks): every one of the mask's soft levels
 * must survive exactly, in both formats, at the source's pixel size.
 */
type Format = 'white-edit' | 'alpha-edit';
interface Exported {
  mask: string;
  pngs: Record<Format, string>;
}
interface HarnessHandle {
  exportMask: (f: Format) => Promise<{ png: Blob }>;
  getMaskBytes: () => Uint8Array;
  loadMask: (m: Uint8Array) => Promise<void>;
}
type HarnessGlobal = { painterHarness: { handle: HarnessHandle; loadBenchMask: () => Promise<void> } };

const SIZE = 640;
let server: ViteDevServer;
let url: string;

test.beforeAll(async () => {
  ({ server, url } = await startPainterHarness());
});
test.afterAll(async () => {
  await server.close();
});

const colourType = (png: Buffer): number => png[25] ?? -1;

test('both mask formats keep every soft level exactly, at native size', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${url}?size=${SIZE}`);
  await page.waitForFunction(() => 'painterHarness' in globalThis, undefined, { timeout: 60_000 });
  const out = await page.evaluate(async (): Promise<Exported> => {
    const b64 = (bytes: Uint8Array): string => {
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    const h = (globalThis as unknown as HarnessGlobal).painterHarness;
    await h.loadBenchMask();
    const white = await h.handle.exportMask('white-edit');
    const alpha = await h.handle.exportMask('alpha-edit');
    return {
      mask: b64(h.handle.getMaskBytes()),
      pngs: {
        'white-edit': b64(new Uint8Array(await white.png.arrayBuffer())),
        'alpha-edit': b64(new Uint8Array(await alpha.png.arrayBuffer())),
      },
    };
  });
  const mask = Buffer.from(out.mask, 'base64');
  expect(mask.length).toBe(SIZE * SIZE);
  // The bench mask is soft: it holds most of the 256 levels, so a lossy path cannot pass by luck.
  expect(new Set(mask).size).toBeGreaterThan(200);

  const white = PNG.sync.read(Buffer.from(out.pngs['white-edit'], 'base64'));
  const alpha = PNG.sync.read(Buffer.from(out.pngs['alpha-edit'], 'base64'));
  for (const png of [white, alpha]) expect([png.width, png.height]).toEqual([SIZE, SIZE]);
  let wrong = 0;
  for (let i = 0; i < mask.length; i++) {
    const v = mask[i] ?? -1;
    const w = i * 4;
    if (
      white.data[w] !== v ||
      white.data[w + 1] !== v ||
      white.data[w + 2] !== v ||
      white.data[w + 3] !== 255
    )
      wrong++;
    if (alpha.data[w + 3] !== 255 - v || (alpha.data[w + 3] !== 0 && alpha.data[w] !== 0)) wrong++;
  }
  expect(wrong).toBe(0);
});

test('an alpha mask that would reach 4 MB is re-encoded compactly (grey + alpha), still exact', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // At 4800² the soft bench mask is ~4.9 MB from Chromium's encoder and ~2.7 MB from the compact one.
  const size = 4800;
  await page.goto(`${url}?size=${size}`);
  await page.waitForFunction(() => 'painterHarness' in globalThis, undefined, { timeout: 60_000 });
  const out = await page.evaluate(async (): Promise<{ alphaSha: string; png: string }> => {
    const h = (globalThis as unknown as HarnessGlobal).painterHarness;
    await h.loadBenchMask();
    const { png } = await h.handle.exportMask('alpha-edit');
    const bytes = new Uint8Array(await png.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const alpha = h.handle.getMaskBytes().map((v) => 255 - v);
    const sha = new Uint8Array(await crypto.subtle.digest('SHA-256', alpha));
    return { alphaSha: Array.from(sha, (b) => b.toString(16).padStart(2, '0')).join(''), png: btoa(s) };
  });
  const bytes = Buffer.from(out.png, 'base64');
  expect(colourType(bytes)).toBe(4);
  expect(bytes.length).toBeLessThan(4_000_000);
  const png = PNG.sync.read(bytes);
  expect([png.width, png.height]).toEqual([size, size]);
  const alpha = Buffer.alloc(size * size);
  for (let i = 0; i < alpha.length; i++) alpha[i] = png.data[i * 4 + 3] ?? 0;
  expect(createHash('sha256').update(alpha).digest('hex')).toBe(out.alphaSha);
});
