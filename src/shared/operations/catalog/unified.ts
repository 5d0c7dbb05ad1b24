import type { OperationDef } from '../operation';
import type { Values } from '../fields';
import { pick, promptField } from '../common-fields';
import type { MediaValue } from '../media';
import type { FieldIssues } from '../issues';

/** The kinds of unified video task; on the Line-B channel the fields present select the kind. */
export const UNIFIED_VIDEO_KINDS = ['text', 'firstFrame', 'firstLastFrame', 'imageInput', 'reference', 'videoEdit'] as const;
export type UnifiedVideoKind = (typeof UNIFIED_VIDEO_KINDS)[number];

const kindIs =
  (...kinds: UnifiedVideoKind[]) =>
  (v: Values): boolean =>
    kinds.includes(v.inputKind as UnifiedVideoKind);

function checkUnifiedVideo(v: Values): FieldIssues {
  if (v.inputKind === 'firstLastFrame' && !v.image && v.image_tail) return { image: { code: 'needsFirstFrame' } };
  return {};
}

export const unifiedVideo: OperationDef = {
  id: 'unifiedVideo.generate',
  family: 'unifiedVideo',
  output: 'video',
  label: 'Unified video',
  description: 'Text, first frame, first and last frames, image input, reference or video edit: one form.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model',
      presets: [
        { id: 'kling-v2-6', label: 'kling-v2-6' },
        { id: 'kling-v3', label: 'kling-v3' },
        { id: 'veo-3.1', label: 'veo-3.1' },
      ],
      default: 'kling-v2-6',
    },
    {
      type: 'select',
      name: 'inputKind',
      label: 'Input',
      options: [
        { value: 'text', label: 'Text only' },
        { value: 'firstFrame', label: 'First frame' },
        { value: 'firstLastFrame', label: 'First + last frame' },
        { value: 'imageInput', label: 'Image input' },
        { value: 'reference', label: 'Reference images' },
        { value: 'videoEdit', label: 'Video edit' },
      ],
      default: 'text',
    },
    { type: 'media', name: 'image', label: 'First frame', accept: 'image', sources: ['file', 'url', 'result'], urlField: true, required: true, showWhen: kindIs('firstFrame', 'firstLastFrame') },
    { type: 'media', name: 'image_tail', label: 'Last frame', accept: 'image', sources: ['file', 'url', 'result'], urlField: true, required: true, showWhen: kindIs('firstLastFrame') },
    { type: 'mediaList', name: 'images', label: 'Input images', accept: 'image', min: 1, max: 4, required: true, showWhen: kindIs('imageInput') },
    { type: 'mediaList', name: 'reference_images', label: 'Reference images', accept: 'image', min: 1, max: 7, required: true, showWhen: kindIs('reference') },
    { type: 'media', name: 'video', label: 'Source video', accept: 'video', sources: ['file', 'url', 'result'], urlField: true, required: true, showWhen: kindIs('videoEdit') },
    promptField(),
    { type: 'number', name: 'duration', label: 'Duration', unit: 's', min: 3, max: 15, integer: true, default: 5 },
    { type: 'size', name: 'size', label: 'Size', presets: ['1280x720', '720x1280', '1920x1080', '1080x1920', '1024x1024'], default: '1280x720' },
  ],
  check: checkUnifiedVideo,
  toRequest: (v, ctx) => {
    const json = pick(v, ['model', 'prompt', 'duration', 'size']);
    const kind = v.inputKind as UnifiedVideoKind;
    const one = (name: string): string => ctx.media(v[name] as MediaValue);
    const many = (name: string): string[] => ((v[name] as MediaValue[] | undefined) ?? []).map(ctx.media);
    if (kind === 'firstFrame' || kind === 'firstLastFrame') json.image = one('image');
    if (kind === 'firstLastFrame') json.image_tail = one('image_tail');
    if (kind === 'imageInput') json.images = many('images');
    if (kind === 'reference') json.reference_images = many('reference_images');
    if (kind === 'videoEdit') json.video = one('video');
    return { method: 'POST', path: '/v1/video/generations', body: { type: 'json', json } };
  },
};

export const unifiedImage: OperationDef = {
  id: 'unifiedImage.generate',
  family: 'unifiedImage',
  output: 'image',
  label: 'Unified image',
  description: 'Images from a prompt, optionally guided by input images.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model',
      presets: [
        { id: 'gpt-image-1.5', label: 'gpt-image-1.5' },
        { id: 'kling-v2-1', label: 'kling-v2-1' },
        { id: 'seedream-4', label: 'seedream-4' },
      ],
      default: 'gpt-image-1.5',
    },
    promptField(),
    { type: 'size', name: 'size', label: 'Size', presets: ['1024x1024', '1536x1024', '1024x1536'], default: '1024x1024' },
    { type: 'number', name: 'n', label: 'Images', min: 1, max: 4, integer: true, default: 1 },
    { type: 'mediaList', name: 'images', label: 'Input images', help: 'Optional.', accept: 'image', min: 0, max: 4, advanced: true },
  ],
  toRequest: (v, ctx) => {
    const json = pick(v, ['model', 'prompt', 'size', 'n']);
    const images = ((v.images as MediaValue[] | undefined) ?? []).map(ctx.media);
    if (images.length) json.images = images;
    return { method: 'POST', path: '/v1/tasks/generations', body: { type: 'json', json } };
  },
};
