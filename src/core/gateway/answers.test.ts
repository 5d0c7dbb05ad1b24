import { describe, expect, it } from 'vitest';
import { readQueryAnswer, readSubmitAnswer } from './answers';
import type { GatewayResponse } from './http';

const res = (status: number, body: unknown, retryAfterMs: number | null = null): GatewayResponse => ({
  status,
  headers: new Headers(),
  body,
  retryAfterMs,
});

/** Issue 27: what a gateway's answer means is read by pure functions, here on fixtures of each shape. */
describe('readSubmitAnswer', () => {
  it('a task id is an acceptance, with the delay the server asked for', () => {
    expect(readSubmitAnswer('videos', res(200, { id: 'video_1', status: 'queued' }, 1500))).toEqual({
      kind: 'accepted',
      remoteId: 'video_1',
      retryAfterMs: 1500,
      raw: { id: 'video_1', status: 'queued' },
    });
  });
  it('an image edit answers with its images inline', () => {
    const answer = readSubmitAnswer('imageEdit', res(200, { data: [{ b64_json: 'iVBORw0KGgo=' }] }));
    expect(answer.kind).toBe('inline');
    if (answer.kind === 'inline') expect(answer.outcome.status).toBe('succeeded');
  });
  it('2xx without an id: the gateway may have it', () => {
    expect(readSubmitAnswer('videos', res(200, { ok: true })).kind).toBe('no-id');
    expect(readSubmitAnswer('videos', res(200, '<html>')).kind).toBe('no-id');
  });
  it('a refusal inside a 200 envelope (Kling 1303) is refused, busy', () => {
    const answer = readSubmitAnswer(
      'vendor',
      res(200, { code: 1303, message: 'parallel task over resource pack limit', data: null }),
    );
    expect(answer).toMatchObject({ kind: 'refused', code: 'gateway_bad_request' });
    if (answer.kind === 'refused') expect(answer.formMessage).toMatch(/^The gateway is busy: /);
  });
  it('error statuses map to the bridge code the form shows', () => {
    expect(
      readSubmitAnswer('videos', res(401, { error: { message: 'Invalid API key provided' } })),
    ).toMatchObject({
      kind: 'refused',
      code: 'gateway_unauthorized',
      message: 'Invalid API key provided',
    });
    expect(readSubmitAnswer('videos', res(429, { error: 'slow down' }))).toMatchObject({
      kind: 'refused',
      code: 'gateway_bad_request',
      formMessage: expect.stringMatching(/^The gateway is busy \(rate limited\): /) as unknown,
    });
    expect(readSubmitAnswer('videos', res(502, '<html>bad gateway</html>'))).toMatchObject({
      kind: 'refused',
      code: 'gateway_unreachable',
      message: expect.stringContaining('HTTP 502') as unknown,
    });
  });
});

describe('readQueryAnswer', () => {
  it('429 waits as asked, 5 s without a hint, never more than 5 min', () => {
    expect(readQueryAnswer('videos', res(429, '', 2_000))).toEqual({ kind: 'rate-limited', waitMs: 2_000 });
    expect(readQueryAnswer('videos', res(429, ''))).toEqual({ kind: 'rate-limited', waitMs: 5_000 });
    expect(readQueryAnswer('videos', res(429, '', 3_600_000))).toEqual({
      kind: 'rate-limited',
      waitMs: 300_000,
    });
  });
  it('another error status carries the gateway message, or the status', () => {
    expect(readQueryAnswer('videos', res(404, { error: { message: 'no such task' } }))).toMatchObject({
      kind: 'refused',
      httpStatus: 404,
      note: 'no such task',
    });
    expect(readQueryAnswer('videos', res(500, ''))).toMatchObject({ kind: 'refused', note: 'HTTP 500' });
  });
  it('a 200 is read by the family adapter; an answer it cannot read is unknown, not a crash', () => {
    const ok = readQueryAnswer('videos', res(200, { id: 'video_1', status: 'in_progress', progress: 40 }));
    expect(ok).toMatchObject({ kind: 'outcome', outcome: { status: 'running', progress: 40 } });
    for (const body of ['[[[', '', { status: 42 }, null])
      expect(readQueryAnswer('videos', res(200, body))).toMatchObject({
        kind: 'outcome',
        outcome: { status: 'unknown' },
      });
  });
});
