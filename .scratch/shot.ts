import { openLoadedGallery } from '../bench/gallery/bench-browser';
const { app, browser, page } = await openLoadedGallery(10000, 'out/renderer');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/first.png' });
const geo = await page.evaluate(() => {
  const pick = (sel: string) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect(); return { sel, x: r.x, y: r.y, w: r.width, h: r.height, cls: (e as HTMLElement).className }; };
  const tiles = [...document.querySelectorAll('[data-testid="task-tile"]')].slice(0, 8).map((e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; });
  return { tiles, parents: (() => { const t = document.querySelector('[data-testid="task-tile"]'); const out = []; let e = t?.parentElement; while (e && out.length < 12) { const r = e.getBoundingClientRect(); out.push([e.tagName, e.className.slice(0, 60), r.x, r.y, r.width, r.height, e.getAttribute('style')?.slice(0, 120)]); e = e.parentElement; } return out; })() };
});
console.log(JSON.stringify(geo, null, 1));
await browser.close(); await app.close();
