import { createHash } from 'node:crypto';
import type { Route, SimContext } from '../context';
import type { Exchange } from '../exchange';
import { HttpError, badRequest, sendJson } from '../exchange';
import { boundaryOf, parseMultipart } from '../multipart';
import { parseSize } from '../validate';
import { EditInputError, editImages } from '../image/edit-image';
import { bufferSource } from '../byte-source';
import { phaseDurations } from '../timeline';
import { outcomeFor } from '../task';

const MAX_BODY = 256 * 1024 * 1024;
const MAX_IMAGES = 16;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** POST /v1/images/edits: synchronous; the edited PNG comes back in the response. */
async function edit(ex: Exchange, ctx: SimContext): Promise<void> {
  const boundary = boundaryOf(ex.req.headers['content-type']);
  if (!/^multipart\/form-data/i.test(ex.req.headers['content-type'] ?? '') || !boundary)
    throw badRequest('request must be multipart/form-data with a boundary');
  const body = await parseMultipart(ex.req, boundary, MAX_BODY);
  ex.entry.form = Object.fromEntries(
    [...body.fields].map(([k, v]) => [k, v.length === 1 ? (v[0] ?? '') : v]),
  );
  ex.entry.files = body.files.map((f) => ({
    field: f.field,
    filename: f.filename,
    size: f.data.length,
    contentType: f.contentType,
    sha256: createHash('sha256').update(f.data).digest('hex'),
  }));

  const field = (name: string): string | undefined => body.fields.get(name)?.[0];
  if (body.fields.has('input_fidelity')) throw badRequest('input_fidelity is not supported by this model');
  const model = field('model');
  if (!model) throw badRequest('model is required');
  const prompt = field('prompt');
  if (!prompt?.trim()) throw badRequest('prompt is required');
  const images = body.files.filter((f) => f.field === 'image' || f.field === 'image[]');
  if (images.length === 0)
    throw badRequest('image is required: send one `image` file or up to 16 `image[]` files');
  if (images.length > MAX_IMAGES)
    throw badRequest(`at most ${MAX_IMAGES} images are allowed, got ${images.length}`);
  const sizeText = field('size');
  const size = sizeText === undefined ? undefined : parseSize(sizeText, 'size', true);
  const quality = field('quality') ?? 'auto';
  const responseFormat = field('response_format') ?? 'b64_json';
  if (responseFormat !== 'b64_json' && responseFormat !== 'url')
    throw badRequest('response_format must be b64_json or url');
  const outcome = outcomeFor(prompt);
  if (outcome.kind !== 'success') throw new HttpError(400, 'content_policy_violation', outcome.reason);

  let result;
  try {
    result = editImages({
      images: images.map((f) => f.data),
      mask: body.files.find((f) => f.field === 'mask')?.data,
      prompt,
      size,
    });
  } catch (err) {
    if (err instanceof EditInputError) throw badRequest(err.message);
    throw err;
  }
  // Synchronous, but not instantaneous: 'real' speed takes as long as an image task's work phase.
  await sleep(phaseDurations(ctx.speed, 'image').runningMs);
  const item: Record<string, string> = {};
  if (responseFormat === 'url') {
    const png = result.png;
    item.url = ctx.files.url(ctx.files.add('imageEdit', 'edit.png', 0, () => bufferSource(png, 'image/png')));
  } else item.b64_json = result.png.toString('base64');
  sendJson(ex, 200, {
    created: Math.floor(ctx.now() / 1000),
    data: [item],
    size: `${result.width}x${result.height}`,
    quality,
    output_format: 'png',
    ...(result.note ? { note: result.note } : {}),
  });
}

export const imageEditRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/images\/edits$/,
    family: 'imageEdit',
    point: 'submit',
    auth: 'bearer',
    handle: edit,
  },
];
