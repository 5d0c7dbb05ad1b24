import { describe, expect, it } from 'vitest';
import type { Logger } from '../ports';
import { redact, scrubDeep } from './redact';
import { redactingLogger } from './redacting-logger';

const KEY = 'sk-live-Zq81xVv0-secret';

describe('redact', () => {
  it('masks Authorization and other credential headers whatever their case', () => {
    const out = redact({
      headers: {
        Authorization: `Bearer ${KEY}`,
        'x-api-key': KEY,
        'Proxy-Authorization': 'Basic abc',
        Cookie: 'sid=1',
        accept: 'application/json',
      },
    });
    expect(out).toEqual({
      headers: {
        Authorization: '***',
        'x-api-key': '***',
        'Proxy-Authorization': '***',
        Cookie: '***',
        accept: 'application/json',
      },
    });
  });
  it('masks Bearer tokens inside free text', () => {
    expect(redact(`request failed: Authorization: Bearer ${KEY} (401)`)).toBe(
      'request failed: Authorization: Bearer *** (401)',
    );
  });
  it('removes known key values anywhere, also URL-encoded, in nested data and arrays', () => {
    const key = 'key/with+special=chars';
    const out = JSON.stringify(
      redact({ a: [`x ${key} y`, { deep: { deeper: `?k=${encodeURIComponent(key)}` } }], b: 3 }, [key]),
    );
    expect(out).not.toContain(key);
    expect(out).not.toContain(encodeURIComponent(key));
    expect(out).toContain('***');
  });
  it('leaves ordinary data alone and ignores too-short "secrets"', () => {
    expect(redact({ prompt: 'a cat', n: 2, ok: true, none: null }, ['ab'])).toEqual({
      prompt: 'a cat',
      n: 2,
      ok: true,
      none: null,
    });
  });
  it('scrubDeep keeps field names meaningful but removes key values', () => {
    expect(scrubDeep({ token: 'task-token-1', message: `bad key ${KEY}` }, [KEY])).toEqual({
      token: 'task-token-1',
      message: 'bad key ***',
    });
  });
});

describe('redactingLogger', () => {
  it('hands the inner logger only redacted lines', () => {
    const lines: string[] = [];
    const capture: Logger = {
      debug: (m, d) => lines.push(JSON.stringify([m, d])),
      info: (m, d) => lines.push(JSON.stringify([m, d])),
      warn: (m, d) => lines.push(JSON.stringify([m, d])),
      error: (m, d) => lines.push(JSON.stringify([m, d])),
    };
    const log = redactingLogger(capture, () => [KEY]);
    log.info(`using ${KEY}`, { headers: { authorization: `Bearer ${KEY}` }, echoed: `you sent ${KEY}` });
    log.error('raw', { nested: [{ custom: KEY }] });
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines).toHaveLength(2);
  });
});
