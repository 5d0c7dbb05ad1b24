import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, finishedTask, type Booted } from './test-support/boot';
import { recorder } from './test-support/electron-recorder';

vi.mock('electron', async () => (await import('./test-support/electron-recorder')).electronModule);

/**
 * The desktop's wiring of the kept first screen: kept over IPC, painted in the `atelier-app:` protocol's
 * index.html on every load (only our window loads it: no token), its media URLs as the renderer's own.
 */
let b: Booted;
beforeEach(async () => {
  b = await boot();
  writeFileSync(
    join(b.rendererDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Atelier</title><script type="module" crossorigin src="./assets/index-Wired1.js"></script></head><body><div id="root"></div></body></html>',
  );
});
afterEach(async () => b.close());

describe('the kept first screen on the desktop', () => {
  it('is kept through IPC and painted in index.html by the atelier-app: protocol', async () => {
    const { id } = await finishedTask(b);
    const html = `<div class="shell" data-kept-id="shell"><div data-kept-id="task-tile" data-task-id="${id}"><img class="gl-media" src="/media/thumbs/${id}.webp"></div></div>`;
    const kept = await b.invoke('keepFirstScreen', {
      html,
      width: 1280,
      theme: 'dark',
      build: 'index-Wired1.js',
      filter: { sort: 'newest', rejected: 'hide' },
      shown: [{ id, status: 'succeeded', favourite: false }],
    });
    expect(kept).toEqual({ ok: true, value: { kept: true } });
    const handle = recorder.protocolHandlers.get('atelier-app');
    const page = await (await handle!(new Request('atelier-app://app/index.html'))).text();
    expect(page).toContain(`<div id="root"><div id="kept-screen" inert aria-hidden="true"`);
    expect(page).toContain(`src="/media/thumbs/${id}.webp"`);
    const copy = page.slice(page.indexOf('<div id="kept-screen"'), page.indexOf('<script type="application/json"'));
    expect(copy).toContain('data-kept-id="task-tile"');
    expect(copy).not.toContain('token=');
    // The first screen's data beside it, so the renderer asks for none before React's first render.
    expect(page).toContain('<script type="application/json" id="first-screen-data"');
    expect(page).toContain(`"id":"${id}"`);
    expect(page).toContain('(width: 1280px)');
  });
});
