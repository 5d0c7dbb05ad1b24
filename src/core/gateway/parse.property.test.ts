import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminal, taskStatusSchema } from '../../shared/domain/task';
import {
  errorMessage,
  extractResults,
  firstString,
  normalizeTimestamp,
  parseNumber,
  parseProgress,
  pickTaskId,
} from './parse';
import { mapRawStatus } from './status-map';
import {
  anyBody,
  deepJunk,
  isKnownStatus,
  junkValue,
  KNOWN_STATUSES,
  nastyString,
  resultShape,
} from './junk.test-support';

const RUNS = 500;
const anything = fc.oneof(junkValue(), deepJunk(), anyBody('gateway'), anyBody('vendor'));

describe('parse helpers never throw and stay in range', () => {
  it('firstString / pickTaskId: a trimmed non-empty string or null', () => {
    fc.assert(
      fc.property(anything, (v) => {
        for (const s of [pickTaskId(v), firstString(v, ['a', 'data.b', 'status'])]) {
          expect(s === null || (typeof s === 'string' && s.length > 0 && s === s.trim())).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('parseProgress: null or 0..100', () => {
    fc.assert(
      fc.property(fc.oneof(junkValue(), nastyString(), fc.double(), fc.integer()), (v) => {
        const p = parseProgress(v);
        expect(p === null || (p >= 0 && p <= 100)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('parseNumber: null or a finite number', () => {
    fc.assert(
      fc.property(fc.oneof(junkValue(), fc.double()), (v) => {
        const n = parseNumber(v);
        expect(n === null || Number.isFinite(n)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('extractResults: only parseable http(s) URLs and non-empty base64, whatever the shape', () => {
    fc.assert(
      fc.property(fc.oneof(resultShape(), anything), (v) => {
        for (const r of extractResults(v)) {
          if (r.kind === 'url') expect(['http:', 'https:']).toContain(new URL(r.url).protocol);
          else {
            expect(r.data.length).toBeGreaterThan(0);
            expect(r.mime === null || /^image\/[a-z0-9.+-]+$/.test(r.mime)).toBe(true);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('errorMessage: a non-empty string of at most 500 characters', () => {
    fc.assert(
      fc.property(anything, (v) => {
        const m = errorMessage(v, 'fallback');
        expect(typeof m).toBe('string');
        expect(m.length).toBeGreaterThan(0);
        expect(m.length).toBeLessThanOrEqual(500);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('timestamps in seconds or milliseconds', () => {
  // 2002..2200: after 2001-09-09 a millisecond value is always above 1e12, and seconds stay below it.
  const seconds = fc.integer({ min: 1_010_000_000, max: 7_258_000_000 });

  it('the same instant in s, ms, or as a digit string normalizes to the same ms', () => {
    fc.assert(
      fc.property(seconds, (s) => {
        const ms = s * 1000;
        expect(normalizeTimestamp(s)).toBe(ms);
        expect(normalizeTimestamp(ms)).toBe(ms);
        expect(normalizeTimestamp(String(s))).toBe(ms);
        expect(normalizeTimestamp(String(ms))).toBe(ms);
      }),
      { numRuns: RUNS },
    );
  });

  it('anything else is null or a positive integer', () => {
    fc.assert(
      fc.property(fc.oneof(junkValue(), fc.double(), nastyString()), (v) => {
        const t = normalizeTimestamp(v);
        expect(t === null || (Number.isInteger(t) && t > 0)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('status map', () => {
  it('any string or value maps to a TaskStatus; only known raw statuses are terminal', () => {
    fc.assert(
      fc.property(fc.oneof(nastyString(), fc.string(), junkValue()), (raw) => {
        const s = mapRawStatus(raw);
        expect(taskStatusSchema.options).toContain(s);
        if (typeof raw !== 'string' || !isKnownStatus(raw)) expect(s).toBe('unknown');
        if (isTerminal(s)) expect(typeof raw === 'string' && isKnownStatus(raw)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('known statuses map in any case and surrounding whitespace', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(KNOWN_STATUSES)),
        fc.constantFrom('', ' ', '\t', '\n'),
        fc.boolean(),
        (raw, pad, upper) => {
          expect(mapRawStatus(`${pad}${upper ? raw.toUpperCase() : raw}${pad}`)).toBe(KNOWN_STATUSES[raw]);
        },
      ),
    );
  });

  it('prototype keys are unknown, not Object.prototype members', () => {
    for (const raw of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])
      expect(mapRawStatus(raw)).toBe('unknown');
  });
});
