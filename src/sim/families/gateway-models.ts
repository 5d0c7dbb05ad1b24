import { badRequest } from '../exchange';
import { aspectRatio, integer, mediaRef, objectArray, oneOf, positiveNumber, str } from '../validate';

export const TEXT2VIDEO_VERSIONS = ['2.1', '2.5', 'O1', '2.6', '3.0', '3.0-Omni'] as const;
export const SUBJECT_VERSIONS = ['3.0', '3.0-Omni'] as const;
export const MOTION_MODEL = 'vendora_2.6_motion_control';
export const IMAGE_MODEL = 'vendora_3.0_text2image';

/** What a gateway submission asks for, after validation. */
export interface GatewayJob {
  model: string;
  media: 'video' | 'image';
  prompt: string;
  aspect: string | undefined;
  /** number of images (image model) */
  n: number;
  /** seconds (video models), used for points */
  duration: number;
  pro: boolean;
  /** motion control answers `{video_url}` instead of an array (api-notes A) */
  objectResult: boolean;
  callbackUrl: string | undefined;
}

type Body = Record<string, unknown>;

/** Every `<<<id>>>` must name an image, video or element supplied in the same request. */
function checkSubjects(body: Body, prompt: string): void {
  const ids = new Set<string>();
  const collect = (field: string, urlField: string | undefined): void => {
    objectArray(body, field).forEach((item, i) => {
      const id = str(item, 'id');
      if (!id) throw badRequest(`${field}[${i}].id is required`);
      if (urlField && str(item, urlField) === undefined)
        throw badRequest(`${field}[${i}].${urlField} is required`);
      ids.add(id);
    });
  };
  collect('image_list', 'image_url');
  collect('video_list', 'video_url');
  collect('element_list', undefined);
  for (const m of prompt.matchAll(/<<<([^<>]*)>>>/g)) {
    const id = m[1] ?? '';
    if (!ids.has(id))
      throw badRequest(
        `prompt references <<<${id}>>> but no image_list, video_list or element_list entry has id "${id}"`,
      );
  }
}

export function parseGatewayJob(body: Body): GatewayJob {
  const model = str(body, 'model', true);
  const callbackUrl = str(body, 'callbackUrl');
  if (callbackUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(callbackUrl))
    throw badRequest('callbackUrl must be an http(s) URL');
  const base = { model, callbackUrl, aspect: undefined, n: 1, duration: 5, pro: false, objectResult: false };
  const m = /^vendora_(.+)_(text2video|subject_reference|motion_control|text2image)$/.exec(model);
  const version = m?.[1] ?? '';
  const op = m?.[2];
  if (op === 'subject_reference' && !(SUBJECT_VERSIONS as readonly string[]).includes(version))
    throw badRequest(`subject reference supports only 3.0 and 3.0-Omni (got model ${model})`);
  if (op === 'text2video' && (TEXT2VIDEO_VERSIONS as readonly string[]).includes(version)) {
    str(body, 'negative_prompt');
    const mode = oneOf(body, 'mode', ['std', 'pro'] as const);
    return {
      ...base,
      media: 'video',
      prompt: str(body, 'prompt', true),
      aspect: aspectRatio(body, 'aspect_ratio'),
      duration: positiveNumber(body, 'duration') ?? 5,
      pro: mode === 'pro',
    };
  }
  if (op === 'subject_reference') {
    const prompt = str(body, 'prompt', true);
    checkSubjects(body, prompt);
    const mode = oneOf(body, 'mode', ['std', 'pro'] as const);
    return {
      ...base,
      media: 'video',
      prompt,
      aspect: aspectRatio(body, 'aspect_ratio'),
      duration: positiveNumber(body, 'duration') ?? 5,
      pro: mode === 'pro',
    };
  }
  if (model === MOTION_MODEL) {
    mediaRef(body, 'image_url', true);
    mediaRef(body, 'video_url', true);
    return { ...base, media: 'video', prompt: str(body, 'prompt') ?? '', objectResult: true };
  }
  if (model === IMAGE_MODEL) {
    return {
      ...base,
      media: 'image',
      prompt: str(body, 'prompt', true),
      aspect: aspectRatio(body, 'aspect_ratio'),
      n: integer(body, 'n', 1, 4) ?? 1,
    };
  }
  throw badRequest(
    `unknown model ${JSON.stringify(model)}; supported: vendora_<${TEXT2VIDEO_VERSIONS.join('|')}>_text2video, ` +
      `vendora_<3.0|3.0-Omni>_subject_reference, ${MOTION_MODEL}, ${IMAGE_MODEL}`,
  );
}
