import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminal, taskStatusSchema } from '../../shared/domain/task';
import { familySchema, type Family } from '../../shared/operations/ids';
import type { QueryOutcome } from './adapter';
import { ADAPTERS } from './adapters';
import { normalizeResultUrl } from './parse';
import { anyBody, isKnownStatus, KNOWN_STATUSES, nastyString, plausibleBody } from './junk.test-support';

const FAMILIES: readonly Family[] = familySchema.options;
const RUNS = 300;
/** Adapters that answer synchronously on submit; all others only return a remote id there. */
const SYNCHRONOUS: readonly Family[] = ['imageEdit'];

/** The contract of an outcome, whatever the gateway sent. */
function expectWellFormed(family: Family, o: QueryOutcome): void {
  expect(taskStatusSchema.options).toContain(o.status);
  expect(o.rawStatus === null || typeof o.rawStatus === 'string').toBe(true);
  if (o.progress !== null)
    expect(Number.isFinite(o.progress) && o.progress >= 0 && o.progress <= 100).toBe(true);
  expect(o.error === null || (typeof o.error === 'string' && o.error.length > 0)).toBe(true);
  expect(o.points === null || Number.isFinite(o.points)).toBe(true);
  expect(Array.isArray(o.results)).toBe(true);
  // Each file once, however many places (and spellings) of the answer named it (issue 26).
  const urls = o.results.flatMap((r) => (r.kind === 'url' ? (normalizeResultUrl(r.url) ?? []) : []));
  expect(new Set(urls).size).toBe(urls.length);
  if (o.status !== 'succeeded') expect(o.results).toEqual([]);
  if (o.status === 'failed') expect(o.error).toBeTruthy();
  for (const r of o.results) {
    if (r.kind === 'b64') {
      expect(typeof r.data === 'string' && r.data.length > 0).toBe(true);
      expect(r.mime === null || /^image\/[a-z0-9.+-]+$/.test(r.mime)).toBe(true);
    } else if (family === 'videos' && r.url === '') {
      // Video create: the gateway's content endpoint is the source (resultSource); '' marks "no direct URL".
    } else {
      expect(r.kind).toBe('url');
      expect(['http:', 'https:']).toContain(new URL(r.url).protocol);
    }
  }
}

/** A terminal outcome from a query must come from a raw status the status map knows. */
function expectTerminalOnlyWhenKnown(o: QueryOutcome): void {
  if (isTerminal(o.status)) {
    expect(o.rawStatus).not.toBeNull();
    expect(isKnownStatus(o.rawStatus ?? '')).toBe(true);
  }
}

/** Whether any string anywhere in `value` is a known raw status (so an adapter may rightly read it). */
function carriesKnownStatus(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isKnownStatus(value);
  if (depth > 12 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => carriesKnownStatus(v, depth + 1));
}

describe.each(FAMILIES)('%s adapter on malformed and surprising answers', (family) => {
  const adapter = ADAPTERS[family];

  it('parseSubmit never throws; the remote id is a non-empty string or null; a synchronous outcome is well-formed', () => {
    fc.assert(
      fc.property(anyBody(family), (body) => {
        const parsed = adapter.parseSubmit(body);
        expect(
          parsed.remoteId === null ||
            (typeof parsed.remoteId === 'string' && parsed.remoteId.trim().length > 0),
        ).toBe(true);
        if (SYNCHRONOUS.includes(family)) {
          expect(parsed.outcome).not.toBeNull();
          if (parsed.outcome) expectWellFormed(family, parsed.outcome);
        } else expect(parsed.outcome).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it('parseQuery never throws and its outcome is well-formed; terminal only for a known raw status', () => {
    fc.assert(
      fc.property(anyBody(family), (body) => {
        const o = adapter.parseQuery(body);
        expectWellFormed(family, o);
        expectTerminalOnlyWhenKnown(o);
      }),
      { numRuns: RUNS },
    );
  });
});

/** The families with a status query to feed (image edit answers synchronously and has none). */
const POLLED = FAMILIES.filter((f) => !SYNCHRONOUS.includes(f));

describe.each(POLLED)('%s adapter reading a status', (family) => {
  const adapter = ADAPTERS[family];

  it(
    'an unknown raw status in a well-shaped answer maps to unknown (non-terminal)',
    () => {
      const unknownStatus = nastyString().filter((s) => s.trim() !== '' && !isKnownStatus(s));
      fc.assert(
        fc.property(plausibleBody(family, unknownStatus), (body) => {
          // Junk in place of a whole object (`data`) may itself carry a known status, e.g. {status: 'SUCCESS'}.
          fc.pre(!carriesKnownStatus(body));
          const o = adapter.parseQuery(body);
          expect(o.status).toBe('unknown');
          expect(o.results).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it(
    'a known raw status maps as the status table says, in any case and spacing',
    () => {
      const known = fc
        .constantFrom(...Object.keys(KNOWN_STATUSES))
        .chain((s) => fc.constantFrom(s, s.toUpperCase(), ` ${s}\t`));
      fc.assert(
        fc.property(plausibleBody(family, known), (body) => {
          const o = adapter.parseQuery(body);
          // Where junk replaced the field the adapter reads, whatever it read instead must follow the same table.
          const expected =
            o.rawStatus !== null && isKnownStatus(o.rawStatus)
              ? KNOWN_STATUSES[o.rawStatus.trim().toLowerCase()]
              : 'unknown';
          expect(o.status).toBe(expected);
        }),
        { numRuns: RUNS },
      );
    },
  );
});

describe('hand-picked answers every adapter must survive', () => {
  const deep = (n: number): unknown => {
    let v: unknown = 'https://cdn.example.test/x.png';
    for (let i = 0; i < n; i++) v = [v];
    return v;
  };
  const cases: [string, unknown][] = [
    ['empty text', ''],
    ['whitespace', '   \n'],
    ['HTML error page', '<html><body>502 Bad Gateway</body></html>'],
    ['JSON null', null],
    ['array instead of object', [{ status: 'success' }]],
    ['status as number', { status: 2, data: { status: 2, task_status: 2 } }],
    ['prototype status', { status: 'constructor', data: { status: '__proto__', task_status: 'toString' } }],
    [
      'huge numbers',
      {
        id: 1e308,
        progress: 1e308,
        data: { task_id: 2 ** 64, progress: -1e308, usage: { totalPoints: 1e308 } },
      },
    ],
    [
      'ten thousand levels of arrays',
      {
        status: 'success',
        data: { status: 'success', result: deep(10_000), task_status: 'succeed', task_result: deep(10_000) },
      },
    ],
    [
      'success without any file',
      { status: 'completed', data: { status: 'success', task_status: 'succeed', result: [] } },
    ],
    [
      'success with only bogus URLs',
      {
        status: 'success',
        data: {
          status: 'success',
          task_status: 'succeed',
          result: ['http://', 'https:// x', 'javascript:alert(1)'],
          task_result: { videos: [{ url: 'http://' }] },
        },
      },
    ],
  ];
  it.each(FAMILIES)('%s', (family) => {
    for (const [, body] of cases) {
      const a = ADAPTERS[family];
      expect(() => a.parseSubmit(body)).not.toThrow();
      const o = a.parseQuery(body);
      expectWellFormed(family, o);
      expectTerminalOnlyWhenKnown(o);
    }
  });
});
