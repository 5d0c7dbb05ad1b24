import { FIRST_SCREEN_DATA_ID, KEPT_SCREEN_ID } from '../../shared/kept-screen';
import type { KeptScreenView } from './kept-screen';

/** The file name of `index.html`'s entry script (`<script type="module" ... src="./assets/index-<hash>.js">`). */
export function entryScriptOf(indexHtml: string): string | null {
  const tag = /<script\b[^>]*\btype="module"[^>]*>/.exec(indexHtml)?.[0];
  const src = tag ? /\bsrc="([^"]+)"/.exec(tag)?.[1] : undefined;
  return src?.split(/[?#]/)[0]?.split('/').pop() ?? null;
}

const attr = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '');
const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `index.html` with the kept screen painted in it: `#root` holds it (inert, hidden from assistive
 * technology: nothing in it works until React's first render replaces it), the document has its theme and
 * language, and a window of another width shows nothing of it (its layout would be wrong there). Media
 * URLs get `mediaQuery` (web mode's token) appended; the kept HTML never holds one. A copy laid out by another
 * build (`view.build` is not this index's entry script) is not painted.
 */
export function injectKeptScreen(indexHtml: string, view: KeptScreenView, mediaQuery: string | null): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>')) return indexHtml;
  // Another build (the app was updated since it was kept): its markup may not fit this build's styles.
  if (entryScriptOf(indexHtml) !== view.build) return indexHtml;
  const html = mediaQuery
    ? view.html.replace(/(src="\/media\/[^"?]*)"/g, (_m, url: string) => `${url}?${mediaQuery}"`)
    : view.html;
  const theme = view.theme === 'light' ? 'light' : 'dark';
  // Following the system's theme: painted in the one it had when kept, so shown only while it still has it.
  const system = view.followsSystem
    ? `@media not all and (prefers-color-scheme: ${theme}){#${KEPT_SCREEN_ID}{display:none}}`
    : '';
  const style =
    // Until React runs, nothing on it answers: the pointer says the studio is still starting.
    `<style>#${KEPT_SCREEN_ID}{display:contents}html:has(#${KEPT_SCREEN_ID}){cursor:progress}` +
    `@media not all and (width: ${Math.trunc(view.width)}px){#${KEPT_SCREEN_ID}{display:none}}${system}</style>`;
  return indexHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${attr(view.language)}" data-theme="${theme}">`)
    .replace('</head>', `${style}</head>`)
    .replace(
      root,
      () =>
        `<div id="root"><div id="${KEPT_SCREEN_ID}" inert aria-hidden="true" data-filter="${escapeAttr(view.filterKey)}">${html}</div></div>` +
        // Data, not script (the CSP runs none inline): every `<` escaped, so no text in it can end the element.
        `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}" data-filter="${escapeAttr(view.filterKey)}">` +
        `${JSON.stringify(view.data).replace(/</g, '\\u003c')}</script>`,
    );
}
