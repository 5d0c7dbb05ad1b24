import { describe, expect, it } from 'vitest';
import { OPERATIONS, getOperation } from './catalog';
import type { MediaValue } from './media';
import type { RequestContext } from './operation';
import { buildRequest, defaultValues, parseExtra } from './validate';

const file = (n: number): MediaValue => ({
  kind: 'file',
  input: { id: `${n.toString(16).padStart(64, '0')}.png`, name: `in${n}.png`, mime: 'image/png', size: 1000 },
});
const ctx: RequestContext = { vendor: 'vendora', media: (m) => (m.kind === 'url' ? m.url : 'data:image/png;base64,AAAA'), callbackUrl: null };

describe('image edit request', () => {
  const op = getOperation('imageEdit.edit');
  const base = { ...defaultValues(op), prompt: 'make it blue' };

  it('never carries input_fidelity, not even from the extra fields', () => {
    const req = buildRequest(op, { ...base, images: [file(1)], input_fidelity: 'high' }, { input_fidelity: 'high', background: 'opaque' }, ctx);
    if (req.body.type !== 'multipart') throw new Error('expected multipart');
    const names = req.body.fields.map(([k]) => k);
    expect(names).not.toContain('input_fidelity');
    expect(names).toContain('background');
    expect(req.body.files.map((f) => f.name)).toEqual(['image']);
  });

  it('sends several images as repeated image[] and a mask as its own part', () => {
    const many = buildRequest(op, { ...base, images: [file(1), file(2), file(3)] }, {}, ctx);
    if (many.body.type !== 'multipart') throw new Error('expected multipart');
    expect(many.body.files.map((f) => f.name)).toEqual(['image[]', 'image[]', 'image[]']);
    const masked = buildRequest(op, { ...base, images: [file(1)], mask: file(9) }, {}, ctx);
    if (masked.body.type !== 'multipart') throw new Error('expected multipart');
    expect(masked.body.files.map((f) => f.name)).toEqual(['image', 'mask']);
  });

  it('no operation sends input_fidelity through JSON either when it is banned', () => {
    for (const o of OPERATIONS.filter((x) => x.neverSend?.length)) {
      const req = buildRequest(o, defaultValues(o), { input_fidelity: 'low' }, ctx);
      const keys = req.body.type === 'json' ? Object.keys(req.body.json) : req.body.fields.map(([k]) => k);
      expect(keys).not.toContain('input_fidelity');
    }
  });
});

describe('request building', () => {
  it('fills {vendor} in the model id and adds extra fields to JSON bodies, never over a field of the form', () => {
    const op = getOperation('gateway.text2video');
    const req = buildRequest(op, { ...defaultValues(op), prompt: 'a fox', mode: 'std' }, { seed: 7, mode: 'pro', Model: 'pricey', PROMPT: 'other' }, ctx);
    expect(req.path).toBe('/open/aigw/gateway/generations');
    if (req.body.type !== 'json') throw new Error('expected json');
    expect(req.body.json).toMatchObject({ model: 'vendora_2.6_text2video', prompt: 'a fox', seed: 7, mode: 'std' });
    expect(Object.keys(req.body.json)).not.toContain('Model');
    expect(Object.keys(req.body.json)).not.toContain('PROMPT');
  });

  it('unified video sends only the inputs of the chosen kind', () => {
    const op = getOperation('unifiedVideo.generate');
    const values = { ...defaultValues(op), prompt: 'p', inputKind: 'firstFrame', image: file(1), image_tail: file(2), video: file(3) };
    const req = buildRequest(op, values, {}, ctx);
    if (req.body.type !== 'json') throw new Error('expected json');
    expect(Object.keys(req.body.json)).toContain('image');
    expect(Object.keys(req.body.json)).not.toContain('image_tail');
    expect(Object.keys(req.body.json)).not.toContain('video');
  });

  it('subject reference lists subjects by kind with their ids', () => {
    const op = getOperation('gateway.subjectReference');
    const values = {
      ...defaultValues(op),
      prompt: '<<<cat>>> meets <<<el1>>> in <<<clip>>>',
      subjects: [
        { kind: 'image', id: 'cat', media: file(1) },
        { kind: 'element', id: 'el1' },
        { kind: 'video', id: 'clip', media: { kind: 'url', url: 'https://x.test/v.mp4' } },
      ],
    };
    const req = buildRequest(op, values, {}, { ...ctx, callbackUrl: 'https://cb.test/hook' });
    if (req.body.type !== 'json') throw new Error('expected json');
    expect(req.body.json).toMatchObject({
      model: 'vendora_3.0-Omni_subject_reference',
      image_list: [{ id: 'cat' }],
      element_list: [{ id: 'el1' }],
      video_list: [{ id: 'clip', video_url: 'https://x.test/v.mp4' }],
      callbackUrl: 'https://cb.test/hook',
    });
  });

  it('vendor paths use the profile vendor', () => {
    const op = getOperation('vendor.extend');
    const req = buildRequest(op, { ...defaultValues(op), video_id: '81234', prompt: 'more' }, {}, { ...ctx, vendor: 'acme' });
    expect(req.path).toBe('/acme/v1/videos/video-extend');
  });
});

describe('parseExtra', () => {
  it('accepts an object or nothing, refuses the rest with badJson', () => {
    expect(parseExtra('')).toEqual({ ok: true, value: {} });
    expect(parseExtra('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    const arr = parseExtra('[1]');
    expect(arr.ok).toBe(false);
    const broken = parseExtra('{a:1');
    expect(broken.ok ? null : broken.issue.code).toBe('badJson');
  });
});
