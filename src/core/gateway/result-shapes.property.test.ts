import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from './adapters';
import { normalizeResultUrl } from './parse';

/**
 * Issue 26: two answer shapes relays send that were misread. Property tests over random URLs, counts,
 * spellings and placements; the engine tests over real HTTP are in answer-drift.test.ts.
 */
const RUNS = 300;

/** A result URL as a CDN or a gateway's file route would hand it out. */
const resultUrl = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.constantFrom('cdn.example.test', '127.0.0.1:8080', 'files.relay.test', 'Bucket.S3.example.test'),
    fc.array(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 4 }),
    fc.option(fc.stringMatching(/^[a-z0-9=&]{1,20}$/), { nil: undefined }),
  )
  .map(([scheme, host, parts, query]) => `${scheme}://${host}/${parts.join('/')}.png${query ? `?${query}` : ''}`);

/** The same URL written another way: upper-case scheme or host, an explicit default port, a fragment. */
const respelled = (url: string): fc.Arbitrary<string> =>
  fc.constantFrom(
    url,
    url.replace(/^https?/, (s) => s.toUpperCase()),
    url.replace(/^(https?:\/\/)([^/]+)/, (_, s: string, h: string) => `${s}${h.toUpperCase()}`),
    url.replace(/^(http:\/\/)([^/:]+)\//, '$1$2:80/').replace(/^(https:\/\/)([^/:]+)\//, '$1$2:443/'),
    `${url}#frame`,
  );

const distinct = (urls: readonly string[]): string[] => [...new Set(urls.map((u) => normalizeResultUrl(u) ?? u))];

describe('the same result URL in two places becomes one result', () => {
  it.each(['unifiedVideo', 'unifiedImage'] as const)('%s: result_url, url, result_urls and the upstream task object, each file once, first seen first', (family) => {
    fc.assert(
      fc.property(
        fc.array(resultUrl, { minLength: 1, maxLength: 4 }).chain((urls) =>
          fc.record({
            urls: fc.constant(urls),
            // The upstream object repeats every URL in some spelling, in Kling's video or image list.
            upstream: fc.tuple(...urls.map(respelled)),
            list: fc.constantFrom('videos', 'images'),
            topSpelling: respelled(urls[0] ?? ''),
            status: fc.constantFrom('SUCCESS', 'success', 'COMPLETED', 'succeed'),
          }),
        ),
        ({ urls, upstream, list, topSpelling, status }) => {
          const body = {
            code: 'success',
            data: {
              task_id: 'task_1',
              status,
              result_url: topSpelling,
              result_urls: urls,
              data: { task_result: { [list]: upstream.map((url, index) => ({ index, url })) } },
            },
          };
          const o = ADAPTERS[family].parseQuery(body);
          expect(o.status).toBe('succeeded');
          const got = o.results.map((r) => (r.kind === 'url' ? normalizeResultUrl(r.url) : null));
          expect(got).toEqual(distinct(urls));
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("Kling's task object passed through in unified answers", () => {
  it.each(['unifiedImage', 'unifiedVideo'] as const)('%s: status "succeed" with URLs only in task_result: succeeded with exactly those files', (family) => {
    fc.assert(
      fc.property(
        fc.uniqueArray(resultUrl, { minLength: 1, maxLength: 9, selector: (u) => normalizeResultUrl(u) }),
        fc.constantFrom('succeed', 'SUCCEED', ' Succeed '),
        fc.constantFrom('status', 'task_status', 'both'),
        fc.constantFrom(0, '0', 'success'),
        (urls, status, where, code) => {
          const list = family === 'unifiedImage' ? 'images' : 'videos';
          const data: Record<string, unknown> = {
            task_id: 'kling-1',
            task_status_msg: '',
            created_at: 1_764_000_000_000,
            updated_at: 1_764_000_060_000,
            task_result: { [list]: urls.map((url, index) => ({ index, id: `r${index}`, url })) },
          };
          if (where !== 'task_status') data.status = status;
          if (where !== 'status') data.task_status = status;
          const o = ADAPTERS[family].parseQuery({ code, message: 'SUCCEED', request_id: 'req-1', data });
          expect(o.status).toBe('succeeded');
          expect(o.error).toBeNull();
          expect(o.results).toEqual(urls.map((url) => ({ kind: 'url', url })));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a failed Kling task object ends failed with its task_status_msg', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z ]{1,40}[A-Za-z]$/), (reason) => {
        const o = ADAPTERS.unifiedImage.parseQuery({ code: 0, data: { task_id: 'k', task_status: 'failed', task_status_msg: reason, task_result: {} } });
        expect(o.status).toBe('failed');
        expect(o.error).toBe(reason.trim());
      }),
      { numRuns: 100 },
    );
  });
});
