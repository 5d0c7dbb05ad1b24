import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeClient } from '../../../../shared/bridge/client';
import { BridgeError } from '../../../../shared/bridge/bridge-error';
import { catalogExtraIssue } from '../../../../shared/operations/extra-fields';
import { formatIssue } from '../../../../shared/operations/issues';
import { parseExtra, protectedExtraIssue } from '../../../../shared/operations/validate';
import { stageFile } from '../../bridge/media';
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
    // Anything without a code (a browser or network error, English text) is said plainly, not passed through.
    expect(refusedFileText(t, 'a.png', new Error('Failed to fetch'))).toBe('It could not be saved. Please try again.');
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

describe('a web-mode upload answered without a reply (a bare HTTP status)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const failedUpload = async (status: number): Promise<unknown> => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('location', { href: 'http://127.0.0.1:5000/' });
    vi.stubGlobal('sessionStorage', { getItem: () => 'tok', setItem: () => undefined });
    vi.stubGlobal('history', { replaceState: () => undefined });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status })));
    return stageFile({} as BridgeClient, new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' })).then(
      () => null,
      (e: unknown) => e,
    );
  };

  it('is refused with a code and its status, said in English and in 简体中文 (not "Upload failed (N).")', async () => {
    const e = await failedUpload(502);
    expect(e).toBeInstanceOf(BridgeError);
    expect(e).toMatchObject({ fields: { file: 'uploadFailed', status: '502' } });
    expect(refusedFileText(await translator('en'), 'a.png', e)).toBe('The upload failed (HTTP 502).');
    const zh = refusedFileText(await translator('zh-CN'), 'a.png', e);
    expect(zh).toBe('上传失败（HTTP 502）。');
    expect(zh).not.toMatch(/[A-Za-z]+ [A-Za-z]+/);
  });
});
