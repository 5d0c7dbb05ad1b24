/**
 * fast-check arbitraries for gateway answers that are malformed or surprising (api-notes E.6): wrong
 * types, missing fields, huge numbers, unknown statuses, non-JSON text, empty bodies, deep nesting,
 * arrays where objects belong, s/ms timestamps. Used by the property tests of the adapters and engine.
 */
import fc from 'fast-check';
import type { Family } from '../../shared/operations/ids';

/** Every raw status of the spec and api-notes with the normalized status it must map to. */
export const KNOWN_STATUSES: Readonly<Record<string, string>> = {
  pending: 'queued',
  processing: 'running',
  success: 'succeeded',
  failed: 'failed',
  queued: 'queued',
  in_progress: 'running',
  completed: 'succeeded',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  submitted: 'queued',
  succeed: 'succeeded',
  not_start: 'queued',
  submitting: 'queued',
  in_queue: 'queued',
  running: 'running',
  succeeded: 'succeeded',
  failure: 'failed',
  error: 'failed',
  timeout: 'failed',
  expired: 'failed',
};

export const isKnownStatus = (raw: string): boolean =>
  Object.hasOwn(KNOWN_STATUSES, raw.trim().toLowerCase());

/** Strings that have broken parsers before: prototype keys, URL look-alikes, numbers as text, HTML. */
const NASTY_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  '{',
  '[]',
  '<html><body>502 Bad Gateway</body></html>',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'http://',
  'https://',
  'https:// spaced host/x.png',
  'http://[::1',
  'ftp://example.test/a.png',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'file:///etc/passwd',
  '100%',
  '1e999%',
  '-5%',
  'NaN',
  '1700000000',
  '1700000000000',
  'UNKNOWN',
  'NOT_START',
  'SUCCESS',
  ' Succeed ',
  'https://cdn.example.test/result.mp4',
  'https://cdn.example.test/a.png?token=abc',
];

const NUMBERS = [
  0,
  -1,
  1,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 64,
  1_700_000_000,
  1_700_000_000_000,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

/** Field names the adapters look at, plus prototype keys: junk objects mostly use these. */
const KEYS = [
  'id',
  'task_id',
  'taskNo',
  'request_id',
  'data',
  'status',
  'task_status',
  'task_status_msg',
  'progress',
  'result',
  'results',
  'url',
  'video_url',
  'image_url',
  'result_url',
  'result_urls',
  'urls',
  'videos',
  'images',
  'image_urls',
  'video_urls',
  'b64_json',
  'output_format',
  'error',
  'error_info',
  'message',
  'msg',
  'fail_reason',
  'detail',
  'metadata',
  'task_result',
  'usage',
  'totalPoints',
  'total_tokens',
  'final_unit_deduction',
  'created_at',
  'createTime',
  'code',
  '__proto__',
  'constructor',
];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );

const scalar = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    nastyString(),
    fc.constantFrom<unknown>(null, undefined, true, false, ...NUMBERS),
    fc.integer(),
    fc.double(),
    fc.bigInt(),
  );

/** Nested junk: objects keyed mostly by the fields adapters read, arrays where objects are expected. */
export const junkValue = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar(),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie('value'), {
        maxKeys: 5,
      }),
    ),
  })).value;

/** A value nested `depth` times in arrays or `data` objects (a hostile or broken server). */
export function nest(depth: number, leaf: unknown, asArray: boolean): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++)
    v = asArray ? [v] : { data: v, status: i % 7 === 0 ? 'success' : undefined };
  return v;
}

export const deepJunk = (): fc.Arbitrary<unknown> =>
  fc
    .tuple(
      fc.integer({ min: 5, max: 3000 }),
      fc.constantFrom<unknown>('https://cdn.example.test/deep.png', { b64_json: 'AAAA' }, 'x'),
      fc.boolean(),
    )
    .map(([d, leaf, arr]) => nest(d, leaf, arr));

/** A raw status: known ones in odd case/spacing, unknown words, prototype keys, wrong types. */
export const rawStatus = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc
      .constantFrom(...Object.keys(KNOWN_STATUSES))
      .chain((s) => fc.constantFrom(s, s.toUpperCase(), ` ${s} `, s[0]?.toUpperCase() + s.slice(1))),
    nastyString(),
    fc.constantFrom<unknown>(null, 3, true, ['success'], { status: 'success' }),
  );

/** Results in every shape seen, some broken. */
export const resultShape = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.array(nastyString(), { maxLength: 3 }),
    nastyString().map((u) => ({ video_url: u })),
    nastyString().map((u) => ({ url: u })),
    fc.array(
      fc.oneof(
        nastyString().map((u) => ({ url: u })),
        fc.record({
          b64_json: fc.oneof(nastyString(), fc.base64String({ maxLength: 40 })),
          output_format: nastyString(),
        }),
      ),
      { maxLength: 3 },
    ),
    fc.record({ videos: fc.array(fc.record({ url: nastyString(), duration: scalar() }), { maxLength: 2 }) }),
    junkValue(),
  );

/** Timestamps in seconds, milliseconds, strings, or nonsense. */
export const timestamp = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
    fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }).map((s) => s * 1000),
    fc.constantFrom<unknown>('2026-01-02 03:04:05', '', -1, 0, 1e308, 'soon'),
  );

/** A field present with a plausible value, with junk, or missing (undefined keys vanish in JSON). */
const maybe = (plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(plausible, junkValue(), fc.constant(undefined));

/** Answers shaped like each family's documented responses, with any field replaced by junk or missing. */
export function plausibleBody(
  family: Family,
  status: fc.Arbitrary<unknown> = rawStatus(),
): fc.Arbitrary<unknown> {
  const id = maybe(fc.oneof(fc.uuid(), fc.integer(), nastyString()));
  const progress = maybe(fc.oneof(fc.integer({ min: -50, max: 500 }), fc.constantFrom('30%', '100%', '0.5')));
  switch (family) {
    case 'gateway':
      return fc.record({
        code: maybe(fc.constantFrom(1000, 0, '1000')),
        message: maybe(nastyString()),
        data: maybe(
          fc.record({
            taskNo: id,
            status,
            progress,
            error: maybe(nastyString()),
            result: maybe(resultShape()),
            data: maybe(fc.record({ result: resultShape() })),
            usage: maybe(fc.record({ totalPoints: scalar() })),
            createTime: maybe(timestamp()),
          }),
        ),
      });
    case 'videos':
      return fc.record({
        id,
        object: maybe(fc.constant('video')),
        status,
        progress,
        created_at: maybe(timestamp()),
        error: maybe(fc.record({ message: nastyString(), code: nastyString() })),
        metadata: maybe(fc.record({ url: nastyString() })),
      });
    case 'unifiedVideo':
    case 'unifiedImage':
      return fc.oneof(
        fc.record({
          code: maybe(fc.constant('success')),
          data: maybe(
            fc.record({
              task_id: id,
              request_id: id,
              status,
              progress,
              fail_reason: maybe(nastyString()),
              result_url: maybe(nastyString()),
              url: maybe(nastyString()),
              data: maybe(resultShape()),
              submit_time: maybe(timestamp()),
            }),
          ),
        }),
        fc.record({
          id,
          task_id: id,
          status,
          progress,
          video_url: maybe(nastyString()),
          result_urls: maybe(resultShape()),
          error: maybe(nastyString()),
        }),
      );
    case 'vendor':
      return fc.record({
        code: maybe(fc.constantFrom(0, 1201)),
        message: maybe(nastyString()),
        data: maybe(
          fc.record({
            task_id: id,
            task_status: status,
            task_status_msg: maybe(nastyString()),
            task_result: maybe(resultShape()),
            created_at: maybe(timestamp()),
            final_unit_deduction: maybe(scalar()),
          }),
        ),
      });
    case 'imageEdit':
      return fc.record({
        created: maybe(timestamp()),
        data: maybe(resultShape()),
        usage: maybe(fc.record({ total_tokens: scalar() })),
      });
  }
}

/** Any answer at all: structured junk, text, empty, deep nesting, or a plausible family answer. */
export function anyBody(family: Family): fc.Arbitrary<unknown> {
  return fc.oneof(
    junkValue(),
    nastyString(),
    fc.constantFrom<unknown>('', null, undefined, [], {}),
    deepJunk(),
    plausibleBody(family),
  );
}
