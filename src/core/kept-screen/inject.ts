import { FIRST_SCREEN_DATA_ID, KEPT_SCREEN_ID } from '../../shared/kept-screen';
import type { KeptScreenView } from './kept-screen';

/** The file name of `index.html`'s entry script (`<script type="module" ... src="./assets/index-<hash>.js">`). */
export function entryScriptOf(indexHtml: string): string | null {
  const tag = /<script\b[^>]*\btype="module"[^>]*>/.exec(indexHtml)?.[0];
  const src = tag ? /\bsrc="([^"]+)"/.exec(tag)?.[1] : undefined;
  return src?.split(/[?#]/)[0]?.split('/').pop() ?? null;
}

/**
 * Shown over the copy when React has not replaced it this long after the load (its code failed to load or
 * to run): the copy looks like the studio but answers nothing, so the user is told, in plain words.
 */
export const SLOW_START_SECONDS = 8;
const SLOW_START_ID = 'kept-screen-slow';
const SLOW_START_TEXT: Record<string, string> = {
  en: 'Atelier is taking longer than usual to start. If nothing changes, reload the window.',
  'zh-CN': 'Atelier 启动比平时慢。如果一直没有变化，请重新加载窗口。',
};
const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

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
    `@media not all and (width: ${Math.trunc(view.width)}px){#${KEPT_SCREEN_ID}{display:none}}${system}` +
    // Hidden (from assistive technology too) until the delay has passed with React still not running.
    `#${SLOW_START_ID}{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483647;margin:0;` +
    `max-width:min(560px,90vw);padding:10px 16px;border-radius:10px;border:1px solid var(--border);` +
    `background:var(--bg-elevated);color:var(--text);box-shadow:var(--shadow);font-size:13px;cursor:default;` +
    `visibility:hidden;animation:kept-slow 0s ${SLOW_START_SECONDS}s forwards}` +
    `@keyframes kept-slow{to{visibility:visible}}</style>`;
  return indexHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${attr(view.language)}" data-theme="${theme}">`)
    .replace('</head>', `${style}</head>`)
    .replace(
      root,
      () =>
        `<div id="root"><div id="${KEPT_SCREEN_ID}" inert aria-hidden="true" data-filter="${escapeAttr(view.filterKey)}">${html}</div>` +
        // In #root: React's first render clears it with the copy.
        `<p id="${SLOW_START_ID}" role="status">${escapeText(SLOW_START_TEXT[view.language] ?? SLOW_START_TEXT.en ?? '')}</p></div>` +
        // Data, not script (the CSP runs none inline): every `<` escaped, so no text in it can end the element.
        `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}" data-filter="${escapeAttr(view.filterKey)}">` +
        `${JSON.stringify(view.data).replace(/</g, '\\u003c')}</script>`,
    );
}
