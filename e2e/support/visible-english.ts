import type { Page } from '@playwright/test';

/**
 * Words that may stay in Latin letters on a translated screen: the brand, technical names that are the
 * same in every language (header names, protocols, formats), units and key names.
 */
export const LATIN_ALLOWLIST = new Set(
  [
    'Atelier',
    'API',
    'URL',
    'HTTP',
    'HTTPS',
    'JSON',
    'ID',
    'IDs',
    'ElementId',
    'Bearer',
    'Authorization',
    'Header',
    'Ctrl',
    'Cmd',
    'Enter',
    'Shift',
    'Alt',
    'Esc',
    'Tab',
    'Space',
    'PNG',
    'JPG',
    'JPEG',
    'WEBP',
    'GIF',
    'MP4',
    'MOV',
    'WAV',
    'MP3',
    'SVG',
    'fps',
    'px',
    'KB',
    'MB',
    'GB',
    'ms',
    'vendora',
    'sora',
    'kling',
    'gpt',
    'image',
    'std',
    'pro',
    'Omni',
  ].map((w) => w.toLowerCase()),
);

export interface EnglishWord {
  word: string;
  /** The text it was found in, for the failure message. */
  context: string;
}

/**
 * Visible text on the page (text nodes whose element is rendered and on screen, plus placeholders and
 * accessible labels of visible controls). Runs in the browser.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element | null): el is HTMLElement => {
      if (!el || !(el instanceof HTMLElement)) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.right > 0 &&
        r.top < innerHeight &&
        r.left < innerWidth
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      const text = n.textContent?.trim();
      if (!text || !parent || parent.closest('script, style, option, textarea, [data-i18n-ignore]')) continue;
      if (shown(parent)) out.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], select')) {
      if (!shown(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
      if (el instanceof HTMLSelectElement && el.selectedOptions[0]) out.push(el.selectedOptions[0].text);
    }
    return out;
  });
}

/** Tokens that are names rather than words: paths, file names, model ids, URLs, versions, sizes. */
const TECHNICAL = /[/\\._{}<>@:=#\d]|^[a-z]+-[a-z0-9-]+$/i;

/** Latin words of three letters or more that are not on the allowlist: English left on a translated screen. */
export function englishWords(
  texts: readonly string[],
  allow: ReadonlySet<string> = LATIN_ALLOWLIST,
): EnglishWord[] {
  const found: EnglishWord[] = [];
  for (const text of texts)
    for (const token of text.split(/[\s，。、；：！？（）“”‘’「」《》·…—,;!?()"'[\]]+/)) {
      if (!token || TECHNICAL.test(token)) continue;
      for (const word of token.match(/[A-Za-z]{3,}/g) ?? [])
        if (!allow.has(word.toLowerCase())) found.push({ word, context: text.slice(0, 120) });
    }
  return found;
}
