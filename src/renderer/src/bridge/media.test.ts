import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaUrl } from './media';

/**
 * Both transports load media from the same same-origin `/media/<root>/<path>` URL, served by the shared app
 * handler (Electron: `atelier-app://app/media/…`; web: the host); only web mode adds its session token.
 */
afterEach(() => vi.unstubAllGlobals());

const stubPage = (opts: { electron: boolean; token?: string }) => {
  const store = new Map<string, string>(opts.token ? [['atelier.token', opts.token]] : []);
  vi.stubGlobal('window', opts.electron ? { atelier: {} } : {});
  vi.stubGlobal('location', {
    href: opts.electron ? 'atelier-app://app/index.html' : 'http://127.0.0.1:5000/',
  });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
  });
  vi.stubGlobal('history', { replaceState: () => undefined });
};

describe('mediaUrl', () => {
  it('is the same relative /media path in Electron and in web mode; only web mode adds the token', () => {
    stubPage({ electron: true });
    const desktop = mediaUrl('library', 'images/a b#1.png');
    stubPage({ electron: false, token: 'tok' });
    const web = mediaUrl('library', 'images/a b#1.png');
    expect(desktop).toBe('/media/library/images/a%20b%231.png');
    expect(web).toBe(`${desktop}?token=tok`);
    expect(new URL(desktop, 'atelier-app://app/index.html').href).toBe('atelier-app://app/media/library/images/a%20b%231.png');
  });

  it('keeps the download flag in both transports', () => {
    stubPage({ electron: true });
    expect(mediaUrl('thumbs', 't.webp', { download: true })).toBe('/media/thumbs/t.webp?download=1');
    stubPage({ electron: false, token: 'tok' });
    expect(mediaUrl('thumbs', 't.webp', { download: true })).toBe(
      '/media/thumbs/t.webp?token=tok&download=1',
    );
  });
});
