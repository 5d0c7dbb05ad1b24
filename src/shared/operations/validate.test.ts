import { describe, expect, it } from 'vitest';
import { OPERATIONS, getOperation } from './catalog';
import { formatIssue } from './issues';
import { renameSubjectToken, splitSubjectPrompt, subjectTokens, type MediaValue } from './media';
import { defaultValues, validateValues } from './validate';

const img = (n: number): MediaValue => ({
  kind: 'file',
  input: { id: `${n.toString(16).padStart(64, '0')}.png`, name: `in${n}.png`, mime: 'image/png', size: 1000 },
});

describe('validateValues', () => {
  it('every fresh form asks for what is required and nothing else breaks', () => {
    for (const op of OPERATIONS) {
      const issues = validateValues(op, defaultValues(op));
      for (const issue of Object.values(issues)) expect(formatIssue(issue)).not.toBe('');
      // Defaults themselves are always valid: only emptiness may be reported.
      for (const [name, issue] of Object.entries(issues))
        expect(['required', 'tooFewFiles'], `${op.id}.${name}`).toContain(issue.code);
    }
  });

  it('a whitespace-only required text is empty, in every operation', () => {
    for (const op of OPERATIONS) {
      for (const f of op.fields.filter((f) => f.type === 'text' && f.required)) {
        const issues = validateValues(op, { ...defaultValues(op), [f.name]: ' \n\t  ' });
        expect(issues[f.name]?.code, `${op.id}.${f.name}`).toBe('required');
      }
    }
  });

  it('refuses a 17th image for image edit, accepts 16', () => {
    const op = getOperation('imageEdit.edit');
    const base = { ...defaultValues(op), prompt: 'compose' };
    const sixteen = Array.from({ length: 16 }, (_, i) => img(i + 1));
    expect(validateValues(op, { ...base, images: sixteen })).toEqual({});
    const issues = validateValues(op, { ...base, images: [...sixteen, img(17)] });
    expect(issues.images).toEqual({ code: 'tooManyFiles', params: { max: 16, count: 17 } });
  });

  it('a mask needs exactly one image', () => {
    const op = getOperation('imageEdit.edit');
    const issues = validateValues(op, { ...defaultValues(op), prompt: 'x', images: [img(1), img(2)], mask: img(3) });
    expect(issues.mask?.code).toBe('maskNeedsOneImage');
  });

  it('checks media kinds and sizes', () => {
    const op = getOperation('vendor.avatar');
    const audio: MediaValue = { kind: 'file', input: { id: `${'a'.repeat(64)}.mp3`, name: 'v.mp3', mime: 'audio/mpeg', size: 6 * 1024 * 1024 } };
    const issues = validateValues(op, { ...defaultValues(op), image: audio, audio });
    expect(issues.image?.code).toBe('wrongMediaKind');
    expect(issues.audio?.code).toBe('fileTooLarge');
  });

  it('number, size and aspect ratio limits', () => {
    const t2v = getOperation('gateway.text2video');
    const i = validateValues(t2v, { ...defaultValues(t2v), prompt: 'x', duration: 99, aspect_ratio: '16-9' });
    expect(i.duration?.code).toBe('outOfRange');
    expect(i.aspect_ratio?.code).toBe('badAspectRatio');
    // Text that is no number reaches validation as NaN: a fault of its own, not "no value".
    expect(validateValues(t2v, { ...defaultValues(t2v), prompt: 'x', duration: Number.NaN }).duration).toEqual({ code: 'notANumber', params: { min: 3, max: 15 } });
    const ratio = (aspect_ratio: string) => validateValues(t2v, { ...defaultValues(t2v), prompt: 'x', aspect_ratio }).aspect_ratio;
    expect(ratio('2.39:1')).toBeUndefined();
    expect(ratio('1:8')).toBeUndefined();
    expect(ratio('999:1')?.code).toBe('aspectRatioRange');
    expect(ratio('1:9')?.code).toBe('aspectRatioRange');
    expect(ratio('0:1')?.code).toBe('badAspectRatio');
    const avatar = getOperation('vendor.avatar');
    const voice = (durationSec?: number) => ({ kind: 'file' as const, input: { id: `${'c'.repeat(64)}.wav`, name: 'v.wav', mime: 'audio/wav', size: 10 }, ...(durationSec === undefined ? {} : { durationSec }) });
    const audioIssue = (durationSec?: number) => validateValues(avatar, { ...defaultValues(avatar), image: img(1), audio: voice(durationSec) }).audio;
    expect(audioIssue(1)?.code).toBe('durationRange');
    expect(audioIssue(61)?.params).toMatchObject({ min: 2, max: 60, actual: '61.0' });
    expect(audioIssue(3)).toBeUndefined();
    expect(audioIssue(undefined)).toBeUndefined();
    const edit = getOperation('imageEdit.edit');
    expect(validateValues(edit, { ...defaultValues(edit), prompt: 'x', images: [img(1)], size: 'auto' }).size).toBeUndefined();
    expect(validateValues(edit, { ...defaultValues(edit), prompt: 'x', images: [img(1)], size: '1024*1024' }).size?.code).toBe('badSize');
  });

  it('hidden inputs of the unified video form are not validated', () => {
    const op = getOperation('unifiedVideo.generate');
    expect(validateValues(op, { ...defaultValues(op), prompt: 'x', inputKind: 'text' })).toEqual({});
    expect(Object.keys(validateValues(op, { ...defaultValues(op), prompt: 'x', inputKind: 'firstLastFrame' })).sort()).toEqual(['image', 'image_tail']);
  });
});

describe('subject prompt', () => {
  const op = getOperation('gateway.subjectReference');
  const subjects = [
    { kind: 'image', id: 'cat', media: img(1) },
    { kind: 'element', id: 'E123' },
  ];

  it('blocks an undefined <<<id>>>', () => {
    const issues = validateValues(op, { ...defaultValues(op), subjects, prompt: '<<<cat>>> and <<<E123>>> and <<<dog>>>' });
    expect(issues.prompt).toEqual({ code: 'undefinedSubject', params: { id: 'dog' } });
  });

  it('flags an unused subject, a duplicate id and a subject without media', () => {
    expect(validateValues(op, { ...defaultValues(op), subjects, prompt: '<<<cat>>> runs' }).subjects).toEqual({ code: 'unusedSubject', params: { id: 'E123' } });
    const dup = [...subjects, { kind: 'image', id: 'cat', media: img(2) }];
    expect(validateValues(op, { ...defaultValues(op), subjects: dup, prompt: '<<<cat>>> <<<E123>>>' }).subjects?.code).toBe('duplicateSubject');
    const empty = [{ kind: 'video', id: 'v1', media: null }];
    expect(validateValues(op, { ...defaultValues(op), subjects: empty, prompt: '<<<v1>>>' }).subjects?.code).toBe('subjectWithoutMedia');
  });

  it('says a missing or too long subject id as such', () => {
    const check = (id: string) => validateValues(op, { ...defaultValues(op), subjects: [{ kind: 'element', id }], prompt: `<<<${id}>>>` }).subjects;
    expect(check('')).toEqual({ code: 'subjectIdMissing', params: { id: '' } });
    expect(check('a'.repeat(65))).toEqual({ code: 'subjectIdTooLong', params: { id: 'a'.repeat(65), max: 64 } });
    expect(check('a'.repeat(64))).toBeUndefined();
    expect(check('a b')?.code).toBe('badSubjectId');
  });

  it('accepts a complete prompt', () => {
    expect(validateValues(op, { ...defaultValues(op), subjects, prompt: '<<<cat>>> sits on <<<E123>>>' })).toEqual({});
  });

  it('tokenizes, lists and renames tokens', () => {
    const prompt = 'a <<<cat>>> and <<<cat>>> with <<<E1>>>.';
    expect(subjectTokens(prompt)).toEqual(['cat', 'E1']);
    expect(splitSubjectPrompt(prompt).map((p) => (p.kind === 'token' ? `[${p.id}]` : p.text)).join('')).toBe('a [cat] and [cat] with [E1].');
    expect(renameSubjectToken(prompt, 'cat', 'kitty')).toBe('a <<<kitty>>> and <<<kitty>>> with <<<E1>>>.');
  });
});
