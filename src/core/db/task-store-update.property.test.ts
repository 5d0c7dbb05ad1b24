import fc from 'fast-check';
import Database from 'libsql';
import { expect, it } from 'vitest';
import type { TaskRecord } from '../tasks/task-record';
import { TaskStore } from './task-store';
import { fromRow } from './task-row';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

/**
 * `update` answers the task as stored without reading it back: it compares against the row it last wrote and
 * takes the columns a patch left alone from the record it already has (no second parse). Whatever the
 * sequence of patches, that answer must be exactly what a reader of the file gets (another store, no memory).
 */
const statusArb = fc.constantFrom<TaskRecord['status']>('submitting', 'queued', 'running', 'downloading', 'succeeded', 'failed');
const resultArb = fc.record({
  state: fc.constantFrom<'pending' | 'downloading' | 'done' | 'failed'>('pending', 'downloading', 'done', 'failed'),
  error: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
  bytesReceived: fc.nat(5000),
});
const patchArb: fc.Arbitrary<(t: TaskRecord) => Partial<TaskRecord>> = fc.oneof(
  statusArb.map((status) => () => ({ status })),
  fc.option(fc.string({ maxLength: 20 }), { nil: null }).map((error) => () => ({ error })),
  fc.string({ maxLength: 20 }).map((message) => (t: TaskRecord) => ({ events: [...t.events, { at: 1, message }] })),
  resultArb.map((r) => (t: TaskRecord) => ({ results: t.results.map((x) => ({ ...x, ...r })) })),
  fc.option(fc.nat(10_000_000), { nil: null }).map((nextPollAt) => (t: TaskRecord) => ({ internal: { ...t.internal, nextPollAt, pollCount: t.internal.pollCount + 1 } })),
  fc.jsonValue({ maxDepth: 2 }).map((raw) => () => ({ lastRawResponse: raw })),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }).map((values) => () => ({ values })),
  fc.string({ minLength: 1, maxLength: 20 }).map((prompt) => () => ({ prompt })),
  fc.boolean().map((favourite) => () => ({ favourite })),
);

it('what update answers is what a fresh read of the row gives, after any sequence of patches', () => {
  fc.assert(
    fc.property(fc.array(patchArb, { minLength: 1, maxLength: 12 }), (patches) => {
      const { file, cleanup } = makeTempDbPath();
      let clock = 1_000;
      const writer = TaskStore.open(file, { now: () => ++clock });
      const reader = new Database(file, { readonly: true });
      const read = reader.prepare('SELECT * FROM tasks WHERE id = ?');
      try {
        const task = makeTaskRecord({ status: 'running', results: [] });
        writer.insert({ ...task, results: makeTaskRecord().results });
        for (const patch of patches) {
          const current = writer.get(task.id);
          if (!current) throw new Error('the task vanished');
          const answered = writer.update(task.id, patch(current));
          expect(answered).toEqual(fromRow(read.get(task.id)));
        }
      } finally {
        reader.close();
        writer.close();
        cleanup();
      }
    }),
    { numRuns: 60 },
  );
});
