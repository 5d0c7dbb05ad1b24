import type { MethodInput } from '../../../shared/bridge/contract';
import { KEPT_SCREEN_MAX_CHARS } from '../../../shared/kept-screen';
import type { TaskFilter } from '../../../shared/domain/task';

export type KeepScreenInput = MethodInput<'keepFirstScreen'>;

/** Tiles and rows of the gallery in the live studio. */
const LIVE_ITEMS = '[data-testid="task-tile"], [data-testid="task-row"]';
/** The same, as the kept copy names them (its test ids renamed). */
const KEPT_ITEMS = '[data-kept-id="task-tile"], [data-kept-id="task-row"]';

/** A media URL without its query (web mode's token is never kept; the host adds the current one). */
function keptMediaUrl(src: string | null): string | null {
  if (!src) return null;
  if (src.startsWith('data:image/')) return src;
  try {
    const url = new URL(src, location.href);
    return url.origin === location.origin && url.pathname.startsWith('/media/') ? url.pathname : null;
  } catch {
    return null;
  }
}

/**
 * The studio's first screen as the next load should paint it before React runs, or null when the screen is
 * not one to keep (no gallery items, the gallery scrolled, a dialog open). A copy of the shell without the
 * gallery's rows mounted below the window: test ids renamed (tests and the paint probe never find the copy as the live app), the form column emptied to the
 * placeholder React's first frame shows there, players replaced by their kept frame, media URLs without a
 * token. Core sanitises it again and keeps it only while the gallery's first page still shows these items.
 */
export function serializeFirstScreen(doc: Document, filter: TaskFilter): KeepScreenInput | null {
  const shell = doc.querySelector<HTMLElement>('#root > [data-testid="shell"]');
  const scroller = doc.querySelector<HTMLElement>('.gl-scroll');
  if (!shell || !scroller || scroller.scrollTop > 0) return null;
  if (doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return null;
  // The virtual grid's rows mounted below the window (its overscan) are not part of the first screen.
  const bottom = scroller.getBoundingClientRect().bottom;
  const below = [...shell.querySelectorAll<HTMLElement>(LIVE_ITEMS)].map((el) => el.getBoundingClientRect().top >= bottom);
  // Copied into a document with no window: its pictures and players load nothing.
  const inert = doc.implementation.createHTMLDocument('');
  const copy = inert.importNode(shell, true);
  copy.querySelectorAll(LIVE_ITEMS).forEach((el, i) => {
    if (below[i]) el.remove();
  });
  for (const el of copy.querySelectorAll('[data-testid]')) {
    el.setAttribute('data-kept-id', el.getAttribute('data-testid') ?? '');
    el.removeAttribute('data-testid');
  }
  copy.setAttribute('data-kept-id', 'shell');
  copy.removeAttribute('data-testid');
  const form = copy.querySelector('[data-kept-id="form-column"]');
  if (form) {
    const placeholder = inert.createElement('div');
    placeholder.className = 'op-panel';
    placeholder.setAttribute('aria-busy', 'true');
    form.replaceChildren(placeholder);
  }
  for (const video of copy.querySelectorAll('video')) {
    const frame = keptMediaUrl(video.getAttribute('poster'));
    if (!frame) {
      video.remove();
      continue;
    }
    const img = inert.createElement('img');
    img.className = video.className;
    img.setAttribute('src', frame);
    img.setAttribute('alt', '');
    video.replaceWith(img);
  }
  for (const img of copy.querySelectorAll('img')) {
    const src = keptMediaUrl(img.getAttribute('src'));
    if (src) img.setAttribute('src', src);
    else img.remove();
  }
  const shown = [...copy.querySelectorAll<HTMLElement>(KEPT_ITEMS)].map((item) => ({
    id: item.dataset.taskId ?? '',
    status: item.dataset.status ?? '',
    favourite: item.querySelector('.gl-star[aria-pressed="true"]') !== null,
  }));
  if (shown.length === 0 || shown.length > 300 || shown.some((s) => !s.id)) return null;
  const html = copy.outerHTML;
  if (html.length > KEPT_SCREEN_MAX_CHARS) return null;
  const theme = doc.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
  const build = entryScriptName(doc);
  if (!build) return null;
  return { html, width: doc.defaultView?.innerWidth ?? 0, theme, filter, shown, build };
}


/** The entry script's file name (`index-<hash>.js` when built): the build the copy was laid out by. */
export function entryScriptName(doc: Document): string | null {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  const name = src?.split(/[?#]/)[0]?.split('/').pop();
  return name && name.length <= 200 ? name : null;
}
