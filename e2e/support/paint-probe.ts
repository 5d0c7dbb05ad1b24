/**
 * First paint, measured inside the page (no round trips to the test runner in the figure): an init script
 * that runs before the app's own code on every navigation records, relative to navigation start
 * (`performance.timeOrigin`):
 * - the bridge: when the WebSocket was created and opened, and every call sent on it (method, sent, answered);
 * - `firstTile`: the first `[data-testid="task-tile"]` entered the DOM (a MutationObserver, in the same task
 *   as React's commit); `paint`: the frame that shows it was painted (rAF, then a message posted from it,
 *   which runs after that frame's paint);
 * - `keptPaint`: the frame that first showed a tile of the kept screen (painted from the HTML before React
 *   runs, its test ids renamed `data-kept-id`), or null when the load had none;
 * - `mediaReady`: every tile in the viewport shows its picture (img decoded, a video frame or the frame kept as
 *   its poster; a finished
 *   task's placeholder does not count), or null if that takes over 15 s (e.g. a result file is missing).
 */
import type { Page } from 'playwright-core';

export interface BridgeCall {
  method: string;
  /** The call's input, JSON, cut at 160 characters. */
  input: string;
  sent: number;
  answered: number | null;
}

export interface LoadFigures {
  /** The HTML's response ended. */
  html: number;
  wsCreated: number | null;
  wsOpen: number | null;
  firstTile: number;
  paint: number;
  /** The kept screen's first tile was painted (null: this load painted no kept screen). */
  keptPaint: number | null;
  mediaReady: number | null;
  tilesAtPaint: number;
  /** `<video>` elements in the page when it painted (players are created after the first paint). */
  videosAtPaint: number;
  calls: BridgeCall[];
  /** Renderer scripts and styles fetched before paint (name, bytes over the wire). */
  assets: { name: string; bytes: number }[];
}

/** The console message the probe prints once its figures are final (the media ready, or given up on). */
const PROBE_DONE = 'atelier-paint-probe:done';

/** Plain JS (the bench runs under tsx, whose helpers must not leak into page functions). */
export const PAINT_PROBE = String.raw`(() => {
  const rec = { wsCreated: null, wsOpen: null, firstTile: null, paint: null, keptPaint: null, mediaReady: null, tilesAtPaint: 0, videosAtPaint: 0, calls: [] };
  window.__paint = rec;
  const byId = new Map();
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      rec.wsCreated = performance.now();
      this.addEventListener('open', () => { rec.wsOpen = performance.now(); });
      this.addEventListener('message', (m) => {
        try {
          const msg = JSON.parse(String(m.data));
          if (msg && msg.type === 'reply') { const c = byId.get(msg.id); if (c && c.answered === null) c.answered = performance.now(); }
        } catch {}
      });
    }
    send(data) {
      try {
        const msg = JSON.parse(String(data));
        if (msg && msg.type === 'call') { const c = { method: msg.method, input: JSON.stringify(msg.input).slice(0, 160), sent: performance.now(), answered: null }; rec.calls.push(c); byId.set(msg.id, c); }
      } catch {}
      return super.send(data);
    }
  };
  // Told to the runner as a console message: waiting with page.waitForFunction put Playwright's own injected
  // script on the page's main thread in the middle of the load being measured (a 305 ms task in a traced cold load).
  const done = () => console.debug(${JSON.stringify(PROBE_DONE)});
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; };
  const ready = (tile) => {
    const img = tile.querySelector('img.gl-media');
    if (img) return img.complete && img.naturalWidth > 0;
    const video = tile.querySelector('video');
    // A video shows its picture once its first frame is loaded, or kept as its poster (its player released).
    if (video) return video.readyState >= 2 || video.hasAttribute('data-frame');
    // A finished task's placeholder (a player not made yet) is not its picture; others have none to show.
    return tile.getAttribute('data-status') !== 'succeeded';
  };
  const watchMedia = () => {
    const t0 = performance.now();
    const tick = () => {
      const tiles = [...document.querySelectorAll('[data-testid="task-tile"]')].filter(inView);
      if (tiles.length > 0 && tiles.every(ready)) { rec.mediaReady = performance.now(); done(); }
      else if (performance.now() - t0 < 15000) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  };
  // Both paints are read the same way: the frame after the element entered the DOM, then a message posted from it.
  const afterPaint = (fn) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = fn;
    ch.port2.postMessage(0);
  });
  let keptSeen = false;
  const kept = new MutationObserver(() => {
    const tile = document.querySelector('[data-kept-id="task-tile"]');
    if (keptSeen || !tile) return;
    keptSeen = true;
    kept.disconnect();
    // Counted only if the frame shows it: still in the page (the entry may take it out first) and not hidden
    // (another window width or system theme) when that frame's callbacks run, before it paints.
    requestAnimationFrame(() => {
      const copy = document.getElementById('kept-screen');
      if (!tile.isConnected || !copy || getComputedStyle(copy).display === 'none') return;
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { rec.keptPaint = performance.now(); };
      ch.port2.postMessage(0);
    });
  });
  kept.observe(document, { childList: true, subtree: true });
  const mo = new MutationObserver(() => {
    if (rec.firstTile !== null || !document.querySelector('[data-testid="task-tile"]')) return;
    rec.firstTile = performance.now();
    mo.disconnect();
    afterPaint(() => {
      rec.paint = performance.now();
      rec.tilesAtPaint = document.querySelectorAll('[data-testid="task-tile"]').length;
      rec.videosAtPaint = document.querySelectorAll('video').length;
      watchMedia();
    });
  });
  mo.observe(document, { childList: true, subtree: true });
})();`;

/** Navigates and waits for the probe's paint (and media) figures. */
export async function measureLoad(page: Page, url: string): Promise<LoadFigures> {
  const done = page.waitForEvent('console', { predicate: (m) => m.text() === PROBE_DONE, timeout: 30_000 });
  await page.goto(url, { waitUntil: 'commit' });
  await done;
  return page.evaluate(() => {
    const r = (window as unknown as { __paint: Omit<LoadFigures, 'html' | 'assets'> }).__paint;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const paint = r.paint;
    const assets = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.(js|css)(\?|$)/.test(e.name) && e.responseEnd <= paint)
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize }));
    return { ...r, html: nav?.responseEnd ?? 0, assets };
  });
}
