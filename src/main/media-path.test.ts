import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMediaPath } from '../core/media/resolve-media-path';

/**
 * The shared app handler (`/media/<root>/<path>` on `atelier-app://app` and the web host) decodes the URL
 * path once and hands it to core's resolveMedia, so the traversal variants are tested here directly too.
 */
const base = mkdtempSync(join(tmpdir(), 'atelier-media-'));
const roots = { library: join(base, 'library'), inputs: join(base, 'inputs'), thumbs: join(base, 'thumbs') };
for (const dir of Object.values(roots)) mkdirSync(dir, { recursive: true });
mkdirSync(join(roots.library, 'sub'));
writeFileSync(join(roots.library, 'sub', 'ok.png'), 'png');
writeFileSync(join(base, 'preferences.json'), '{}');
writeFileSync(join(base, 'secret.txt'), 'top secret');
symlinkSync(join(base, 'secret.txt'), join(roots.library, 'link.txt'));
symlinkSync(base, join(roots.library, 'dirlink'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** What the protocol handler does with a raw URL path: one decodeURIComponent, then resolve. */
const viaProtocol = (rawPath: string): string | null => {
  try {
    return resolveMediaPath(roots, decodeURIComponent(rawPath));
  } catch {
    return null;
  }
};

describe('resolveMediaPath (Electron media protocol)', () => {
  it('serves files inside a root', () => {
    expect(viaProtocol('/library/sub/ok.png')).toMatch(/library[/\\]sub[/\\]ok\.png$/);
  });
  const variants = [
    '/library/../../../../etc/passwd',
    '/library/..%2f..%2f..%2fetc%2fpasswd',
    '/library/%2e%2e/%2e%2e/etc/passwd',
    '/library/%252e%252e/secret.txt',
    '/library/sub/..%5c..%5csecret.txt',
    '/library//etc/passwd',
    '/library/%2Fetc%2Fpasswd',
    '/library/link.txt',
    '/library/dirlink/secret.txt',
    '/library/sub/%00ok.png',
    '/inputs/../preferences.json',
    '/etc/passwd',
    '/library/C:%5Cwindows%5Cwin.ini',
    '/thumbs/..%2f..%2fpreferences.json',
    '/library/sub/./ok.png',
    '/library/%E0%A4%A',
    '/library',
    '/library/sub',
    '/library/../library/sub/ok.png',
  ];
  for (const v of variants) it(`refuses ${v}`, () => expect(viaProtocol(v)).toBeNull());
});
