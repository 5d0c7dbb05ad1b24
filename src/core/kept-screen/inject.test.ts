import { describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../shared/bridge/contract';
import { injectKeptScreen } from './inject';
import type { KeptScreenView } from './kept-screen';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="./assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const view = (over: Partial<KeptScreenView> = {}): KeptScreenView => ({
  html: '<div class="shell"><img class="gl-media" src="/media/thumbs/a%20b.webp" /><img src="data:image/png;base64,AA" /></div>',
  width: 1440,
  filterKey: '[["rejected","hide"],["sort","newest"]]',
  theme: 'dark',
  followsSystem: false,
  language: 'zh-CN',
  build: 'index.js',
  // Only its serialisation matters here: a prompt that tries to end the data element.
  data: { page: { items: [{ id: 't1', prompt: '</script><script>alert(1)</script> <!-- x' }] } } as unknown as FirstScreen,
  ...over,
});

const keptPart = (html: string): string => html.slice(html.indexOf('<div id="kept-screen"'), html.indexOf('</body>'));

describe('injectKeptScreen', () => {
  it('paints the kept screen inside #root, inert and hidden from assistive technology, with its theme and language', () => {
    const out = injectKeptScreen(INDEX, view(), null);
    expect(out).toContain('<html lang="zh-CN" data-theme="dark">');
    expect(out).toMatch(/<div id="root"><div id="kept-screen" inert aria-hidden="true" data-filter="[^"]*"><div class="shell">/);
    // The entry script is untouched: React still runs and replaces the copy.
    expect(out).toContain('<script type="module" crossorigin src="./assets/index.js"></script>');
  });

  it("following the system's theme, shows nothing of it once the system's theme is another", () => {
    const out = injectKeptScreen(INDEX, view({ theme: 'light', followsSystem: true }), null);
    expect(out).toContain('<html lang="zh-CN" data-theme="light">');
    expect(out).toContain('@media not all and (prefers-color-scheme: light){#kept-screen{display:none}}');
    expect(injectKeptScreen(INDEX, view(), null)).not.toContain('prefers-color-scheme');
  });

  it('shows nothing of it in a window of another width (its layout was made for this one)', () => {
    const out = injectKeptScreen(INDEX, view({ width: 1280 }), null);
    expect(out).toContain('@media not all and (width: 1280px){#kept-screen{display:none}}');
    expect(out.indexOf('<style>')).toBeLessThan(out.indexOf('</head>'));
  });

  it("gives web mode's media URLs the session token (never kept in the file), and only media URLs", () => {
    const part = keptPart(injectKeptScreen(INDEX, view(), 'token=s3cr3t'));
    expect(part).toContain('src="/media/thumbs/a%20b.webp?token=s3cr3t"');
    expect(part).toContain('src="data:image/png;base64,AA"');
    expect(keptPart(injectKeptScreen(INDEX, view(), null))).not.toContain('token=');
  });

  it('a filter or language cannot break out of its attribute; the theme is one of two words', () => {
    const out = injectKeptScreen(
      INDEX,
      view({ filterKey: '[["search","\\"><script>x</script>"]]', language: 'en"><script>x</script>' }),
      null,
    );
    expect(out).not.toContain('<script>');
    expect(out).toContain('<html lang="enscriptxscript" data-theme="dark">');
    expect(out).toContain('data-filter="[[&quot;search&quot;,&quot;\\&quot;>&lt;script>x&lt;/script>&quot;]]"');
  });

  it("carries the first screen's data as inert JSON that no text in it can end early", () => {
    const out = injectKeptScreen(INDEX, view(), null);
    const open = '<script type="application/json" id="first-screen-data" data-filter="';
    expect(out).toContain(open);
    const body = out.slice(out.indexOf('>', out.indexOf(open)) + 1, out.indexOf('</script>', out.indexOf(open)));
    expect(body).not.toContain('<');
    expect((JSON.parse(body) as { page: { items: { prompt: string }[] } }).page.items[0]?.prompt).toBe(
      '</script><script>alert(1)</script> <!-- x',
    );
  });

  it('an index.html without its root or head is served as it is', () => {
    const odd = '<!doctype html><title>Atelier</title>';
    expect(injectKeptScreen(odd, view(), null)).toBe(odd);
  });

  it("is not painted into another build's index.html (the app was updated since it was kept)", () => {
    expect(injectKeptScreen(INDEX, view({ build: 'index-older.js' }), null)).toBe(INDEX);
    const rebuilt = INDEX.replace('./assets/index.js', './assets/index-N3w.js?v=2');
    expect(injectKeptScreen(rebuilt, view(), null)).toBe(rebuilt);
    expect(injectKeptScreen(rebuilt, view({ build: 'index-N3w.js' }), null)).toContain('<div id="kept-screen"');
  });

  it('carries a plain-words notice for a start that does not finish, in the language, hidden until the delay', () => {
    const out = injectKeptScreen(INDEX, view(), null);
    expect(out).toContain('<p id="kept-screen-slow" role="status">Atelier 启动比平时慢。');
    expect(out).toMatch(/#kept-screen-slow\{[^}]*visibility:hidden;animation:kept-slow 0s 8s forwards\}/);
    // Inside #root, so React's first render clears it with the copy.
    expect(out.indexOf('kept-screen-slow" role')).toBeLessThan(out.indexOf('<script type="application/json"'));
    expect(injectKeptScreen(INDEX, view({ language: 'en' }), null)).toContain('taking longer than usual to start');
  });
});
