import type { OperationDef } from '../operation';
import type { OperationId } from '../ids';
import { aspectRatioField, pick, promptField } from '../common-fields';
import type { FieldDef, Values } from '../fields';
import type { FieldIssues } from '../issues';
import type { MediaValue } from '../media';

/**
 * The vendor family (Line-C): POST `/<vendor>/v1/<sub-path>`, then GET the same path plus `/{task_id}`.
 * The vendor's name is a profile setting (`vendora` on the demo gateway).
 */
export const VENDOR_SUBPATHS: Partial<Record<OperationId, string>> = {
  'vendor.expand': 'images/editing/expand',
  'vendor.avatar': 'videos/avatar/image2video',
  'vendor.extend': 'videos/video-extend',
};

export const vendorPath = (vendor: string, op: OperationId): string => `/${vendor}/v1/${VENDOR_SUBPATHS[op] ?? ''}`;

/** Kling's expand takes how far to extend on each side, in multiples of the source's width/height (0–2). */
export const EXPANSION_SIDES = ['up', 'down', 'left', 'right'] as const;

function expansionField(side: (typeof EXPANSION_SIDES)[number]): FieldDef {
  return {
    type: 'number',
    name: `${side}_expansion_ratio`,
    label: `Expand ${side}`,
    help: 'Set by the placement preview (multiples of the source).',
    min: 0,
    max: 2,
    step: 0.01,
    advanced: true,
  };
}

/** The four ratios when all are set (the placement preview sets them together), else null. */
export function expansionRatios(v: Values): { up: number; down: number; left: number; right: number } | null {
  const [up, down, left, right] = EXPANSION_SIDES.map((s) => v[`${s}_expansion_ratio`]);
  return typeof up === 'number' && typeof down === 'number' && typeof left === 'number' && typeof right === 'number' ? { up, down, left, right } : null;
}

export const vendorExpand: OperationDef = {
  id: 'vendor.expand',
  family: 'vendor',
  output: 'image',
  label: 'Image expansion',
  description: 'Outpaint an image to a new aspect ratio.',
  fields: [
    { type: 'model', name: 'model', label: 'Model', presets: [{ id: 'kling-v1', label: 'kling-v1' }], default: 'kling-v1' },
    {
      type: 'media',
      name: 'image',
      label: 'Source image',
      help: 'The picture to extend. A gallery result is sent as its link.',
      accept: 'image',
      sources: ['result', 'url', 'file'],
      urlField: true,
      required: true,
    },
    promptField({ required: false }),
    aspectRatioField('16:9'),
    ...EXPANSION_SIDES.map((side) => expansionField(side)),
  ],
  check: (v): FieldIssues => {
    const r = expansionRatios(v);
    // Kling's expand: the expanded picture is at most 3× the original's area (api-notes C).
    if (r && (1 + r.left + r.right) * (1 + r.up + r.down) > 3 + 1e-9) return { up_expansion_ratio: { code: 'expansionTooLarge', params: { max: 3 } } };
    return {};
  },
  toRequest: (v, ctx) => ({
    method: 'POST',
    path: vendorPath(ctx.vendor, 'vendor.expand'),
    body: {
      type: 'json',
      json: {
        ...pick(v, ['model', 'prompt', 'aspect_ratio']),
        // Where the source sits: Kling's own four ratios, sent beside the ratio (all four or none).
        ...(expansionRatios(v) ? pick(v, EXPANSION_SIDES.map((s) => `${s}_expansion_ratio`)) : {}),
        image: ctx.media(v.image as MediaValue),
      },
    },
  }),
};

export const vendorAvatar: OperationDef = {
  id: 'vendor.avatar',
  family: 'vendor',
  output: 'video',
  label: 'Avatar video',
  description: 'A talking person from a portrait and a voice track.',
  fields: [
    { type: 'model', name: 'model', label: 'Model', presets: [{ id: 'kling-avatar', label: 'kling-avatar' }], default: 'kling-avatar' },
    {
      type: 'media',
      name: 'image',
      label: 'Person image',
      help: 'A clear, front-facing portrait works best.',
      accept: 'image',
      sources: ['file', 'url', 'result'],
      urlField: true,
      required: true,
    },
    {
      type: 'media',
      name: 'audio',
      label: 'Audio',
      help: 'Speech or song, mp3/wav/m4a, 2–60 s.',
      accept: 'audio',
      sources: ['file', 'url'],
      urlField: true,
      required: true,
      maxBytes: 5 * 1024 * 1024,
      durationSec: { min: 2, max: 60 },
    },
  ],
  toRequest: (v, ctx) => ({
    method: 'POST',
    path: vendorPath(ctx.vendor, 'vendor.avatar'),
    body: {
      type: 'json',
      json: { model: v.model, image: ctx.media(v.image as MediaValue), audio: ctx.media(v.audio as MediaValue) },
    },
  }),
};

export const vendorExtend: OperationDef = {
  id: 'vendor.extend',
  family: 'vendor',
  output: 'video',
  label: 'Video extension',
  description: 'Continue an existing video generated on this gateway.',
  fields: [
    { type: 'model', name: 'model', label: 'Model', presets: [{ id: 'kling-v2-6', label: 'kling-v2-6' }], default: 'kling-v2-6' },
    {
      type: 'text',
      name: 'video_id',
      label: 'Source video id',
      help: 'The gateway id of a video task; pick one from the gallery to fill it.',
      required: true,
      maxLength: 200,
      pickVideoTask: true,
    },
    promptField(),
  ],
  toRequest: (v, ctx) => ({
    method: 'POST',
    path: vendorPath(ctx.vendor, 'vendor.extend'),
    body: { type: 'json', json: pick(v, ['model', 'video_id', 'prompt']) },
  }),
};
