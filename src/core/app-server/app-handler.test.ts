import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMediaPath } from '../media/resolve-media-path';
import { createAppHandler } from './app-handler';
import { RENDERER_CSP } from './csp';

/** The shared handler on real files: what `atelier-app://app` and the web host both answer. */
const base = mkdtempSync(join(tmpdir(), 'atelier-app-handler-'));
const rendererDir = join(base, 'renderer');
const roots = { library: join(base, 'library'), inputs: join(base, 'inputs'), thumbs: join(base, 'thumbs') };
for (const d of [rendererDir, join(rendererDir, 'assets'), ...Object.values(roots)])
  mkdirSync(d, { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(base, 'secret.txt'), 'secret');
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
writeFileSync(join(roots.library, 'clip one.mp4'), video);
writeFileSync(join(roots.thumbs, 't.webp'), 'webp');
afterAll(() => rmSync(base, { recursive: true, force: true }));

const seen: string[] = [];
const handler = createAppHandler({
  rendererDir,
  resolveMedia: async (p) => {
    seen.push(p);
    return resolveMediaPath(roots, p);
  },
});
const get = (path: string, init: RequestInit = {}) => handler(new Request(`atelier-app://app${path}`, init));

describe('the shared app handler', () => {
  it('serves the renderer with the CSP and content types; unknown routes fall back to index.html', async () => {
    for (const path of ['/', '/index.html', '/gallery/some-route']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<title>Atelier</title>');
    }
    const js = await get('/assets/app.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await get(path);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('a static or media path that cannot be decoded answers 400', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/media/library/%E0%A4%A.png')).status).toBe(400);
  });

  it('serves media with content type, Range (206), 416 and HEAD', async () => {
    const whole = await get('/media/library/clip%20one.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(video);
    expect(seen).toContain('library/clip one.mp4');

    const part = await get('/media/library/clip%20one.mp4', { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(100, 200));

    const tail = await get('/media/library/clip%20one.mp4', { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(video.subarray(990));

    const outside = await get('/media/library/clip%20one.mp4', { headers: { range: 'bytes=5000-' } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */1000');

    const head = await get('/media/thumbs/t.webp', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(head.headers.get('content-length')).toBe('4');
    expect(await head.text()).toBe('');
  });

  it('adds Content-Disposition only when a download is asked for', async () => {
    expect((await get('/media/library/clip%20one.mp4')).headers.get('content-disposition')).toBeNull();
    const dl = await get('/media/library/clip%20one.mp4?download=1');
    expect(dl.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''clip%20one.mp4");
  });

  it('answers 404 for what resolveMedia refuses, 405 for other methods', async () => {
    for (const path of [
      '/media/library/..%2fsecret.txt',
      '/media/library/%252e%252e/secret.txt',
      '/media/other/x',
      '/media/library/none.png',
    ])
      expect((await get(path)).status).toBe(404);
    // The URL parser folds `..` (also spelled %2e%2e) before we see the path: that is a renderer route then.
    for (const path of ['/media/library/../../secret.txt', '/media/library/%2e%2e/%2e%2e/secret.txt'])
      expect(await (await get(path)).text()).not.toContain('secret');
    expect((await get('/index.html', { method: 'POST' })).status).toBe(405);
  });
});
