import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../../shared/operations/catalog';
import en from './locales/en.json';
import zh from './locales/zh-CN.json';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, p = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : keys(v, `${p}${k}.`)));
const get = (t: Tree, path: string): unknown => path.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Tree)[k] : undefined), t);

describe('forms locales', () => {
  it('en and zh-CN have the same keys (the painter strings fall back to its English defaults)', () => {
    const enKeys = new Set(keys(en as Tree));
    const zhKeys = keys(zh as Tree).filter((k) => !k.startsWith('forms.maskPainter.'));
    expect(zhKeys.filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !zhKeys.includes(k))).toEqual([]);
  });

  it('every catalog field, help and option is translated in both languages', () => {
    for (const tree of [en, zh] as Tree[])
      for (const op of OPERATIONS)
        for (const f of op.fields) {
          const base = `forms.fields.${op.id}.${f.name}`;
          expect(typeof get(tree, `${base}.label`), base).toBe('string');
          if (f.help) expect(typeof get(tree, `${base}.help`), `${base}.help`).toBe('string');
          if (f.type === 'select') for (const o of f.options) expect(typeof get(tree, `${base}.options.${o.value}`), `${base}.${o.value}`).toBe('string');
        }
  });

  it('every FieldIssue code has a message', () => {
    const codes = ['required', 'tooLong', 'tooShort', 'outOfRange', 'notANumber', 'notInteger', 'badSize', 'badAspectRatio', 'aspectRatioRange', 'badUrl', 'tooManyFiles', 'tooFewFiles', 'wrongMediaKind', 'fileTooLarge', 'durationRange', 'undefinedSubject', 'unusedSubject', 'duplicateSubject', 'badSubjectId', 'subjectIdMissing', 'subjectIdTooLong', 'subjectWithoutMedia', 'maskNeedsOneImage', 'badJson', 'needsFirstFrame', 'catalogExtra', 'protectedExtra', 'invalid'];
    const has = (tree: Tree, c: string) => [c, `${c}_other`].some((k) => typeof get(tree, `forms.issues.${k}`) === 'string');
    for (const tree of [en, zh] as Tree[]) for (const c of codes) expect(has(tree, c), c).toBe(true);
  });
});
