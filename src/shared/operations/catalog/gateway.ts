import type { OperationDef } from '../operation';
import type { Values } from '../fields';
import { aspectRatioField, durationField, modeField, negativePromptField, pick, promptField } from '../common-fields';
import type { MediaValue, Subject } from '../media';
import { SUBJECT_ID_MAX, SUBJECT_ID_PATTERN, subjectTokens } from '../subject-tokens';
import type { FieldIssues } from '../issues';

/** Task gateway (`POST /open/aigw/gateway/generations`): one path, the `model` field selects the operation. */
const PATH = '/open/aigw/gateway/generations';

export const TEXT2VIDEO_VERSIONS = ['2.1', '2.5', 'O1', '2.6', '3.0', '3.0-Omni'] as const;
export const SUBJECT_VERSIONS = ['3.0', '3.0-Omni'] as const;

const withCallback = (body: Record<string, unknown>, callbackUrl: string | null): Record<string, unknown> =>
  callbackUrl ? { ...body, callbackUrl } : body;

export const gatewayText2Video: OperationDef = {
  id: 'gateway.text2video',
  family: 'gateway',
  output: 'video',
  label: 'Text to video',
  description: 'A video from a prompt, on the vendor model version you choose.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model version',
      presets: TEXT2VIDEO_VERSIONS.map((v) => ({ id: `{vendor}_${v}_text2video`, label: v })),
      default: '{vendor}_2.6_text2video',
    },
    promptField(),
    negativePromptField,
    aspectRatioField(),
    durationField(3, 15, 5),
    modeField,
  ],
  toRequest: (v, ctx) => ({
    method: 'POST',
    path: PATH,
    body: {
      type: 'json',
      json: withCallback(pick(v, ['model', 'prompt', 'negative_prompt', 'aspect_ratio', 'duration', 'mode']), ctx.callbackUrl),
    },
  }),
};

/** Every `<<<id>>>` must name a defined subject; every subject should be used; ids unique and well formed. */
export function checkSubjects(values: Values): FieldIssues {
  const issues: FieldIssues = {};
  const subjects = (values.subjects as Subject[] | undefined) ?? [];
  const prompt = typeof values.prompt === 'string' ? values.prompt : '';
  const ids = new Set<string>();
  for (const s of subjects) {
    // Missing and too long are said as such ("letters, digits, _ and -" told a 200-letter id nothing).
    if (!s.id) issues.subjects ??= { code: 'subjectIdMissing', params: { id: s.id } };
    else if (s.id.length > SUBJECT_ID_MAX) issues.subjects ??= { code: 'subjectIdTooLong', params: { id: s.id, max: SUBJECT_ID_MAX } };
    else if (!SUBJECT_ID_PATTERN.test(s.id)) issues.subjects ??= { code: 'badSubjectId', params: { id: s.id } };
    else if (ids.has(s.id)) issues.subjects ??= { code: 'duplicateSubject', params: { id: s.id } };
    else if (s.kind !== 'element' && !s.media) issues.subjects ??= { code: 'subjectWithoutMedia', params: { id: s.id } };
    ids.add(s.id);
  }
  const used = subjectTokens(prompt);
  const undefinedId = used.find((id) => !ids.has(id));
  if (undefinedId !== undefined) issues.prompt = { code: 'undefinedSubject', params: { id: undefinedId } };
  const unused = subjects.find((s) => !used.includes(s.id));
  if (unused && !issues.subjects) issues.subjects = { code: 'unusedSubject', params: { id: unused.id } };
  if (subjects.length === 0 && !issues.subjects) issues.subjects = { code: 'tooFewFiles', params: { min: 1 } };
  return issues;
}

export const gatewaySubjectReference: OperationDef = {
  id: 'gateway.subjectReference',
  family: 'gateway',
  output: 'video',
  label: 'Subject reference',
  description: 'Keep subjects consistent: define them from images, videos or ElementIds and name them as <<<id>>>.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model version',
      help: 'Subject reference exists only on 3.0 and 3.0-Omni.',
      presets: SUBJECT_VERSIONS.map((v) => ({ id: `{vendor}_${v}_subject_reference`, label: v })),
      default: '{vendor}_3.0-Omni_subject_reference',
    },
    { type: 'subjects', name: 'subjects', label: 'Subjects', required: true },
    { ...promptField(), subjectPrompt: true, placeholder: 'Type <<< to insert a subject…' },
    negativePromptField,
    aspectRatioField(),
    durationField(3, 15, 5),
    modeField,
  ],
  check: checkSubjects,
  toRequest: (v, ctx) => {
    const subjects = (v.subjects as Subject[] | undefined) ?? [];
    const media = (m: MediaValue | null): string => (m ? ctx.media(m) : '');
    const imageList = subjects.flatMap((s) => (s.kind === 'image' ? [{ id: s.id, image_url: media(s.media) }] : []));
    const videoList = subjects.flatMap((s) => (s.kind === 'video' ? [{ id: s.id, video_url: media(s.media) }] : []));
    const elementList = subjects.flatMap((s) => (s.kind === 'element' ? [{ id: s.id }] : []));
    const json: Record<string, unknown> = pick(v, ['model', 'prompt', 'negative_prompt', 'aspect_ratio', 'duration', 'mode']);
    if (imageList.length) json.image_list = imageList;
    if (videoList.length) json.video_list = videoList;
    if (elementList.length) json.element_list = elementList;
    return { method: 'POST', path: PATH, body: { type: 'json', json: withCallback(json, ctx.callbackUrl) } };
  },
};

export const gatewayMotionControl: OperationDef = {
  id: 'gateway.motionControl',
  family: 'gateway',
  output: 'video',
  label: 'Motion control',
  description: 'Copy the motion of a reference video onto the subject of an image.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model',
      presets: [{ id: '{vendor}_2.6_motion_control', label: '2.6 motion control' }],
      default: '{vendor}_2.6_motion_control',
    },
    { type: 'media', name: 'image_url', label: 'Subject image', accept: 'image', sources: ['file', 'url', 'result'], urlField: true, required: true },
    { type: 'media', name: 'video_url', label: 'Motion video', accept: 'video', sources: ['file', 'url', 'result'], urlField: true, required: true },
    promptField({ required: false }),
    modeField,
  ],
  toRequest: (v, ctx) => ({
    method: 'POST',
    path: PATH,
    body: {
      type: 'json',
      json: withCallback(
        {
          ...pick(v, ['model', 'prompt', 'mode']),
          image_url: ctx.media(v.image_url as MediaValue),
          video_url: ctx.media(v.video_url as MediaValue),
        },
        ctx.callbackUrl,
      ),
    },
  }),
};

export const gatewayText2Image: OperationDef = {
  id: 'gateway.text2image',
  family: 'gateway',
  output: 'image',
  label: 'Text to image',
  description: 'Images from a prompt through the task gateway.',
  fields: [
    {
      type: 'model',
      name: 'model',
      label: 'Model',
      presets: [{ id: '{vendor}_3.0_text2image', label: '3.0 image' }],
      default: '{vendor}_3.0_text2image',
    },
    promptField(),
    negativePromptField,
    aspectRatioField('1:1'),
    { type: 'number', name: 'n', label: 'Images', min: 1, max: 4, integer: true, default: 1 },
  ],
  toRequest: (v, ctx) => ({
    method: 'POST',
    path: PATH,
    body: { type: 'json', json: withCallback(pick(v, ['model', 'prompt', 'negative_prompt', 'aspect_ratio', 'n']), ctx.callbackUrl) },
  }),
};
