import type { OperationDef } from '../operation';
import type { Values } from '../fields';
import { MB } from '../fields';
import { pick, promptField } from '../common-fields';
import type { MediaValue } from '../media';
import type { FieldIssues } from '../issues';

/** Video create (`POST /v1/videos`), polled at `/v1/videos/{id}`, downloaded from `/v1/videos/{id}/content`. */
export const videosCreate: OperationDef = {
  id: 'videos.create',
  family: 'videos',
  output: 'video',
  label: 'Video create',
  description: 'A video from a prompt and an optional reference image; the file downloads through the gateway.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model',
      presets: [
        { id: 'sora-2', label: 'sora-2' },
        { id: 'sora-2-pro', label: 'sora-2-pro' },
      ],
      default: 'sora-2',
    },
    promptField({ maxLength: 32000 }),
    {
      type: 'select',
      name: 'seconds',
      label: 'Length',
      options: ['4', '8', '12'].map((s) => ({ value: s, label: `${s} s` })),
      default: '4',
    },
    { type: 'size', name: 'size', label: 'Size', presets: ['720x1280', '1280x720', '1024x1792', '1792x1024'], default: '1280x720' },
    {
      type: 'media',
      name: 'input_reference',
      label: 'Reference image',
      help: 'Optional first frame or style reference.',
      accept: 'image',
      sources: ['file', 'url', 'result'],
      urlField: true,
      advanced: true,
    },
  ],
  toRequest: (v, ctx) => {
    const json = pick(v, ['model', 'prompt', 'seconds', 'size']);
    if (v.input_reference) json.input_reference = ctx.media(v.input_reference as MediaValue);
    return { method: 'POST', path: '/v1/videos', body: { type: 'json', json } };
  },
};

function checkEdit(values: Values): FieldIssues {
  const images = (values.images as MediaValue[] | undefined) ?? [];
  if (values.mask && images.length > 1) return { mask: { code: 'maskNeedsOneImage' } };
  return {};
}

/**
 * Image edit (`POST /v1/images/edits`, multipart). One image is sent as `image`, several as repeated
 * `image[]` (api-notes D: some servers accept only one of the two forms). `input_fidelity` is never sent:
 * the gateway's image model rejects it (gateway-spec, Limits).
 */
export const imageEdit: OperationDef = {
  id: 'imageEdit.edit',
  family: 'imageEdit',
  output: 'image',
  label: 'Image edit',
  description: 'Edit one image, paint a mask to change only part of it, or compose up to 16 images.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model',
      presets: [
        { id: 'gpt-image-1.5', label: 'gpt-image-1.5' },
        { id: 'gpt-image-1', label: 'gpt-image-1' },
        { id: 'gpt-image-2', label: 'gpt-image-2' },
      ],
      default: 'gpt-image-1.5',
    },
    { type: 'mediaList', name: 'images', label: 'Images', accept: 'image', min: 1, max: 16, maxBytes: 50 * MB, required: true },
    { type: 'mask', name: 'mask', label: 'Mask', help: 'White is changed, black is kept. Single image only.' },
    promptField({ maxLength: 32000, label: 'Edit instruction', placeholder: 'Say what to change, e.g. “make the sky stormy, keep the people”…' }),
    {
      type: 'select',
      name: 'quality',
      label: 'Quality',
      options: ['auto', 'low', 'medium', 'high'].map((q) => ({ value: q, label: q })),
      default: 'auto',
    },
    { type: 'size', name: 'size', label: 'Size', presets: ['1024x1024', '1536x1024', '1024x1536'], default: '1024x1024', allowAuto: true },
  ],
  neverSend: ['input_fidelity'],
  check: checkEdit,
  toRequest: (v) => {
    const images = (v.images as MediaValue[] | undefined) ?? [];
    const fields: [string, string][] = Object.entries(pick(v, ['model', 'prompt', 'quality', 'size'])).map(([k, x]) => [k, String(x)]);
    // Only the first image takes a mask (api-notes D): with a mask, exactly one image is allowed (checkEdit).
    const files = images.map((media) => ({ name: images.length === 1 ? 'image' : 'image[]', media }));
    if (v.mask) files.push({ name: 'mask', media: v.mask as MediaValue });
    return { method: 'POST', path: '/v1/images/edits', body: { type: 'multipart', fields, files } };
  },
};
