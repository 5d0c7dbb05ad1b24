import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeKeptScreen } from './sanitize';

/** Every element and attribute in `html`, as a browser's parser would see them (htmlparser2, lower-cased). */
function parse(html: string): { tag: string; attrs: Record<string, string> }[] {
  const out: { tag: string; attrs: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (tag, attrs) => out.push({ tag, attrs }) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return out;
}

const TILE =
  '<div class="gl-tile gl-status-succeeded" data-kept-id="task-tile" data-task-id="t1" data-status="succeeded" role="gridcell" aria-label="A fox">' +
  '<img class="gl-media" src="/media/thumbs/t1.webp" alt="" decoding="async">' +
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M16 21v-2"></path><circle cx="9" cy="7" r="4"></circle></svg>' +
  '<img class="gl-media" src="data:image/jpeg;base64,AAAA" alt="">' +
  '<span class="gl-tile-prompt" style="--hue: 151;">A fox &lt;b&gt; &amp; co</span></div>';

/** What must never survive: anything that runs, loads from elsewhere, navigates, submits or takes input. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src="https://evil.example/x.png">',
  '<img src="//evil.example/x.png">',
  '<img src="javascript:alert(1)">',
  '<img src="data:text/html,<script>1</script>">',
  '<img src="/media/../../etc/passwd" onerror="alert(1)">',
  '<iframe src="/"></iframe>',
  '<object data="x"></object>',
  '<embed src="x">',
  '<link rel="stylesheet" href="https://evil.example/s.css">',
  '<style>body{background:url(https://evil.example/)}</style>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example"><input name="q"></form>',
  '<a href="javascript:alert(1)">x</a>',
  '<div onclick="alert(1)" onmouseover="x()">x</div>',
  '<svg onload="alert(1)"><use href="https://evil.example/#x"></use></svg>',
  '<button formaction="https://evil.example" data-testid="task-tile">b</button>',
  '<template><script>1</script></template>',
  '<textarea>secret draft</textarea>',
];

function assertHarmless(html: string): void {
  for (const { tag, attrs } of parse(html)) {
    expect(['script', 'iframe', 'object', 'embed', 'link', 'style', 'meta', 'base', 'form', 'input', 'a', 'use', 'template', 'textarea']).not.toContain(tag);
    for (const [name, value] of Object.entries(attrs)) {
      expect(name).not.toMatch(/^on/);
      expect(['href', 'action', 'formaction', 'data-testid', 'srcset']).not.toContain(name);
      if (name === 'src') expect(value).toMatch(/^(\/media\/(library|inputs|thumbs)\/|data:image\/(png|jpeg|webp);)/);
    }
  }
}

describe('sanitizeKeptScreen', () => {
  it("keeps the studio's own markup: layout, text (escaped), lucide's SVG icons with their viewBox, our media and kept frames", () => {
    const out = sanitizeKeptScreen(TILE);
    const els = parse(out);
    expect(els.map((e) => e.tag)).toEqual(['div', 'img', 'svg', 'path', 'circle', 'img', 'span']);
    expect(els[0]?.attrs).toMatchObject({ 'data-kept-id': 'task-tile', 'data-task-id': 't1', role: 'gridcell', 'aria-label': 'A fox' });
    expect(out).toContain('viewBox="0 0 24 24"');
    expect(out).toContain('src="/media/thumbs/t1.webp"');
    expect(out).toContain('style="--hue:151"');
    expect(out).toContain('A fox &lt;b&gt; &amp; co');
  });

  it('removes what runs, loads from elsewhere, navigates or takes input, wherever it is put (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 6 }),
        fc.nat(TILE.length),
        (bad, at) => {
          // Each hostile fragment inside and around the benign tile: nested in any element's text.
          const html = `<div>${bad.join('')}${TILE.slice(0, at)}${bad.join('')}${TILE.slice(at)}</div>`;
          assertHarmless(sanitizeKeptScreen(html));
        },
      ),
      { numRuns: 300 },
    );
    for (const h of HOSTILE) assertHarmless(sanitizeKeptScreen(h));
  });

  it('is balanced: stray or missing closing tags cannot close the element it is painted in (property)', () => {
    const pieces = ['<div>', '</div>', '<span class="x">', '</span>', '</body>', '</html>', '<svg>', '</svg>', '<img src="/media/thumbs/a.webp">', 'text', '<button>', '</button>'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        // Read as written (a tolerant parser would mend it): every opening tag has its closing tag, in order.
        let depth = 0;
        let lowest = 0;
        for (const [tag, closing, name] of sanitizeKeptScreen(parts.join('')).matchAll(/<(\/?)([a-z0-9]+)[^>]*>/gi)) {
          if (closing) depth--;
          else if (name !== 'img' && !tag.endsWith('/>')) depth++;
          lowest = Math.min(lowest, depth);
        }
        expect(lowest).toBe(0);
        expect(depth).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('is stable: a kept screen sanitised again is unchanged (property over arbitrary text)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const once = sanitizeKeptScreen(`<div class="a">${text}</div>${TILE}`);
        expect(sanitizeKeptScreen(once)).toBe(once);
        assertHarmless(once);
      }),
      { numRuns: 200 },
    );
  });
});
