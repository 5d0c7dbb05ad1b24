/** What the gallery bench does after the first paint: search and scroll, timed inside the page. */
import type { Page } from 'playwright-core';

/** Typing a word → the filtered grid rendered: input event → total changed → next frame. */
export async function searchLatency(page: Page, word: string): Promise<{ ms: number; total: number }> {
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
          requestAnimationFrame(() =>
            resolve({ ms: performance.now() - t0, total: Number(root.getAttribute('data-total')) }),
          );
        });
        obs.observe(root, { attributes: true, attributeFilter: ['data-total', 'data-loaded'] });
        setter?.call(input, w);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    word,
  );
}

export async function clearSearch(page: Page, total: number): Promise<void> {
  await page.getByTestId('gallery-search').fill('');
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="gallery"]')?.getAttribute('data-total') === String(n),
    total,
  );
}

/** Scrolls the virtual list `pxPerFrame` each frame for `ms`, recording the frame deltas. */
export async function scrollFrames(
  page: Page,
  testId: string,
  pxPerFrame: number,
  ms: number,
): Promise<{ deltas: number[]; rows: number; loaded: number }> {
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
          else
            resolve({
              deltas: deltas.slice(1),
              rows: Math.round(el.scrollTop),
              loaded: Number(document.querySelector('[data-testid="gallery"]')?.getAttribute('data-loaded')),
            });
        };
        requestAnimationFrame((t) => {
          last = t;
          requestAnimationFrame(frame);
        });
      }),
    { id: testId, px: pxPerFrame, dur: ms },
  );
}
