import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every string in the app is translated: for every locale folder in the renderer (app-level and each
 * feature's), English and 简体中文 have the same keys. A new English string without its Chinese twin fails
 * here. Plural suffixes are compared by their base key (Chinese has only the `_other` form).
 */
const RENDERER = join(import.meta.dirname, '..');

/** Keys whose English lives in code defaults, so only the Chinese file lists them (documented exceptions). */
const ZH_ONLY_PREFIXES = ['forms.maskPainter.'];

type Tree = { [k: string]: string | Tree };
const flatten = (t: Tree, p = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : flatten(v, `${p}${k}.`)));
const base = (key: string): string => key.replace(/_(zero|one|two|few|many|other)$/, '');
const keysOf = (file: string): Set<string> => new Set(flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree).map(base));

const localeDirs = readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith(join('locales', 'en.json')))
  .map((f) => dirname(join(RENDERER, f)));

describe('locale parity (en ⇄ zh-CN)', () => {
  it('finds the app and feature locale folders', () => {
    const names = localeDirs.map((d) => relative(RENDERER, d));
    expect(names).toEqual(expect.arrayContaining([join('i18n', 'locales'), join('features', 'settings', 'locales'), join('features', 'forms', 'locales')]));
  });

  for (const dir of localeDirs)
    it(`${relative(RENDERER, dir)}: zh-CN has every English key and no stray ones`, () => {
      const en = keysOf(join(dir, 'en.json'));
      const zh = keysOf(join(dir, 'zh-CN.json'));
      expect([...en].filter((k) => !zh.has(k)), 'missing in zh-CN').toEqual([]);
      expect([...zh].filter((k) => !en.has(k) && !ZH_ONLY_PREFIXES.some((p) => k.startsWith(p))), 'only in zh-CN').toEqual([]);
    });

  it('no Chinese value is left in English (a copied string that was never translated)', () => {
    const suspicious: string[] = [];
    for (const dir of localeDirs) {
      const zh = JSON.parse(readFileSync(join(dir, 'zh-CN.json'), 'utf8')) as Tree;
      const en = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as Tree;
      const enValues = new Map<string, string>();
      const walk = (t: Tree, p: string, into: (k: string, v: string) => void) =>
        Object.entries(t).forEach(([k, v]) => (typeof v === 'string' ? into(p + k, v) : walk(v, `${p}${k}.`, into)));
      walk(en, '', (k, v) => enValues.set(k, v));
      walk(zh, '', (k, v) => {
        // Same text in both files and several English words: untranslated (names, units and codes are fine).
        if (enValues.get(k) === v && /[A-Za-z]{3,}\s+[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(v)) suspicious.push(`${relative(RENDERER, dir)}: ${k}`);
      });
    }
    expect(suspicious).toEqual([]);
  });
});
