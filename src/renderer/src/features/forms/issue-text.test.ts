import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../../shared/bridge/bridge-error';
import { catalogExtraIssue } from '../../../../shared/operations/extra-fields';
import { formatIssue } from '../../../../shared/operations/issues';
import { parseExtra, protectedExtraIssue } from '../../../../shared/operations/validate';
import { resources } from '../../i18n/resources';
import { issueText } from './form-text';
import { refusedFileText } from './media/refused-file';

const translator = async (lng: string) => {
  const i = i18next.createInstance();
  await i.init({ resources, lng, fallbackLng: 'en', interpolation: { escapeValue: false } });
  return i.t;
};
const issueOf = (text: string) => {
  const r = parseExtra(text);
  if (r.ok) throw new Error('expected an issue');
  return r.issue;
};
/** An English sentence: three ASCII words in a row. */
const english = /[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/;

describe('issues and refused files built outside the renderer, translated by code', () => {
  it('English reads as before', async () => {
    const t = await translator('en');
    expect(issueText(t, catalogExtraIssue(['prompt']))).toBe('Invalid value: prompt is a field of this form: set it there, not in the extra fields.');
    expect(issueText(t, catalogExtraIssue(['model', 'n']))).toBe('Invalid value: model, n are fields of this form: set them there, not in the extra fields.');
    expect(issueText(t, protectedExtraIssue(['callbackUrl']))).toBe('Invalid value: callbackUrl is set by Atelier and cannot be overridden.');
    expect(issueText(t, issueOf('{bad json'))).toMatch(/^Not valid JSON: .+/);
    expect(issueText(t, issueOf('[1]'))).toBe('Not valid JSON: expected an object { … }');
    expect(refusedFileText(t, 'fake.png', new BridgeError('invalid_input', 'x', { file: 'notMedia' }))).toBe('fake.png is not an image, video or audio file Atelier can use.');
    expect(refusedFileText(t, 'big.png', new BridgeError('invalid_input', 'x', { file: 'tooLarge', maxMb: '50' }))).toBe('big.png is larger than 50 MB.');
    expect(refusedFileText(t, 'a.png', new Error('Upload failed (500).'))).toBe('Upload failed (500).');
  });

  it('core keeps its English text for the same issues', () => {
    expect(formatIssue(catalogExtraIssue(['prompt']))).toBe('prompt is a field of this form: set it there, not in the extra fields.');
    expect(formatIssue(catalogExtraIssue(['model', 'n']))).toBe('model, n are fields of this form: set them there, not in the extra fields.');
    expect(formatIssue(protectedExtraIssue(['callbackUrl']))).toBe('callbackUrl is set by Atelier and cannot be overridden.');
  });

  it('简体中文 has no English sentence, and gives the JSON error its line and column', async () => {
    const t = await translator('zh-CN');
    const texts = [
      issueText(t, catalogExtraIssue(['prompt'])),
      issueText(t, catalogExtraIssue(['model', 'n'])),
      issueText(t, protectedExtraIssue(['callbackUrl'])),
      issueText(t, issueOf('{bad json')),
      issueText(t, issueOf('[1]')),
      refusedFileText(t, 'fake.png', new BridgeError('invalid_input', 'x', { file: 'notMedia' })),
      refusedFileText(t, 'big.png', new BridgeError('invalid_input', 'x', { file: 'tooLarge', maxMb: '50' })),
    ];
    for (const text of texts) expect(text).not.toMatch(english);
    expect(texts[0]).toContain('prompt');
    expect(texts[3]).toBe('不是有效的 JSON：第 1 行第 2 列有误。');
  });
});
