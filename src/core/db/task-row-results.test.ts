import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taskResultSchema } from '../../shared/domain/task';
import { makeTaskRecord } from './test-fixtures';
import { fromRow, toRow } from './task-row';

/** Results as read back from a row whose results_json holds `items`. */
const readBack = (items: unknown[]): unknown[] =>
  fromRow({ ...toRow(makeTaskRecord()), results_json: JSON.stringify(items) })?.results ?? [];

const field = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -2, max: 5 }),
  fc.double({ noNaN: true, min: -1, max: 3 }),
  fc.boolean(),
  fc.constantFrom('image', 'video', 'other', 'done', 'pending', 'failed', 'downloading'),
);
const KEYS = [
  'index',
  'kind',
  'remoteUrl',
  'file',
  'mime',
  'bytesReceived',
  'bytesTotal',
  'sha256',
  'thumbnail',
  'state',
  'error',
  'extra',
] as const;
/** A valid result with up to three fields replaced (or removed) by arbitrary values: near the boundary. */
const item = fc
  .record({
    base: fc.record(
      {
        index: fc.nat(4),
        kind: fc.constantFrom('image', 'video', 'other'),
        remoteUrl: fc.option(fc.string({ maxLength: 4 })),
        file: fc.option(fc.string({ maxLength: 4 })),
        mime: fc.option(fc.string({ maxLength: 4 })),
        bytesReceived: fc.nat(9),
        bytesTotal: fc.option(fc.nat(9)),
        sha256: fc.option(fc.string({ maxLength: 4 })),
        thumbnail: fc.option(fc.string({ maxLength: 4 })),
        state: fc.constantFrom('pending', 'downloading', 'done', 'failed'),
        error: fc.option(fc.string({ maxLength: 4 })),
        retryAt: fc.option(fc.integer()),
      },
      {
        requiredKeys: [
          'index',
          'kind',
          'remoteUrl',
          'file',
          'mime',
          'bytesReceived',
          'bytesTotal',
          'sha256',
          'thumbnail',
          'state',
          'error',
        ],
      },
    ),
    changes: fc.array(fc.tuple(fc.constantFrom(...KEYS), field), { maxLength: 3 }),
  })
  .map(({ base, changes }) => {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of changes) out[k] = v;
    return out;
  });

describe('reading results (the hand-written fast path agrees with the schema)', () => {
  it('an item the schema accepts is read exactly as the schema returns it (unknown keys dropped)', () => {
    fc.assert(
      fc.property(item, (raw) => {
        const parsed = taskResultSchema.safeParse(JSON.parse(JSON.stringify(raw)));
        if (!parsed.success) return;
        expect(readBack([raw])).toEqual([parsed.data]);
      }),
      { numRuns: 3000 },
    );
  });

  it('an item the schema refuses is repaired (a usable index, kind and state) or dropped', () => {
    fc.assert(
      fc.property(item, (raw) => {
        if (taskResultSchema.safeParse(JSON.parse(JSON.stringify(raw))).success) return;
        for (const r of readBack([raw]) as Record<string, unknown>[]) {
          expect(Number.isInteger(r.index) && (r.index as number) >= 0).toBe(true);
          expect(['image', 'video', 'other']).toContain(r.kind);
          expect(['pending', 'downloading', 'done', 'failed']).toContain(r.state);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('every field of the schema is read by hand (a new field must be added to the fast path, or it turns off)', () => {
    const r = { ...makeTaskRecord().results[0], retryAt: 5 };
    expect(readBack([r])).toEqual([r]);
  });

  it('a well-formed result keeps every field', () => {
    const r = makeTaskRecord().results[0];
    expect(readBack([r])).toEqual([r]);
  });
});
