import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The English words of Atelier's own string tables: every word of the `en` locale values that the `zh-CN`
 * values do not also use (model names, brands, formats and units are written the same in both, so they
 * drop out by themselves). A word of this set on a zh-CN screen is a string left untranslated.
 */
const RENDERER = join(process.cwd(), 'src', 'renderer', 'src');

function localeFiles(dir: string, name: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) localeFiles(p, name, out);
    else if (e.name === name && dir.endsWith('locales')) out.push(p);
  }
  return out;
}

function values(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) values(v, out);
  return out;
}

/** Latin words of three letters or more, with interpolations (`{{count}}`) and tags (`<1>`) left out. */
export function wordsOf(text: string): string[] {
  return text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
}

export function tableWords(locale: 'en' | 'zh-CN'): Set<string> {
  const words = new Set<string>();
  for (const file of localeFiles(RENDERER, `${locale}.json`))
    for (const v of values(JSON.parse(readFileSync(file, 'utf8')))) for (const w of wordsOf(v)) words.add(w.toLowerCase());
  return words;
}

/** English words of the en tables that zh-CN never uses. */
export function untranslatedWords(): Set<string> {
  const zh = tableWords('zh-CN');
  return new Set([...tableWords('en')].filter((w) => !zh.has(w)));
}

/**
 * What the user can read or hear: the page's visible text (`innerText` of the body and of open dialogs),
 * and the accessible names, placeholders, titles and tooltip labels (`data-tip`) of elements that render.
 * Text the user typed or named (prompts, file names, board names) is marked `data-i18n-ignore` in the app.
 */
export async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const rendered = (el: Element): boolean =>
      el instanceof HTMLElement || el instanceof SVGElement ? el.checkVisibility({ visibilityProperty: true }) : false;
    // The body's innerText, less what the user typed or named (subtrees marked data-i18n-ignore).
    let text = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-ignore]')) {
      const t = el.innerText.trim();
      if (t) text = text.split(t).join(' ');
    }
    out.push(...text.split('\n').map((l) => l.trim()).filter(Boolean));
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [data-tip], [aria-valuetext]')) {
      if (!rendered(el) || el.closest('[data-i18n-ignore]')) continue;
      for (const attr of ['aria-label', 'title', 'placeholder', 'data-tip', 'aria-valuetext']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    }
    return out;
  });
}

export interface Untranslated {
  word: string;
  context: string;
}

/**
 * The table words found in the texts. `names` are whole names written the same in every language (the
 * catalog's model names, "3.0 image"): cut out of a text before its words are read, so their words are
 * not allowed anywhere else.
 */
export function findUntranslated(texts: readonly string[], table: ReadonlySet<string>, names: readonly string[] = []): Untranslated[] {
  const found: Untranslated[] = [];
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  for (const text of texts)
    for (const token of longestFirst.reduce((t, n) => t.split(n).join(' '), text).split(/\s+/)) {
      // Names rather than words: paths, file names, model ids, URLs, template tokens ({date}).
      if (/[/\\._@:=#{}]|^[a-z0-9]+-[a-z0-9-]+$/i.test(token)) continue;
      for (const w of wordsOf(token)) {
        const lower = w.toLowerCase();
        if (table.has(lower)) found.push({ word: w, context: text.slice(0, 140) });
      }
    }
  return found;
}

