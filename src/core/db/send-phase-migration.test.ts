import { afterEach, expect, it } from 'vitest';
import { MIGRATION_0011_SEND_PHASE } from './migrations/0011-send-phase';
import { TaskStore } from './task-store';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

/** Issue 27: migration 0011 derives `sendPhase` once from what earlier builds left (their log lines), never again. */
it('derives each row’s send phase: an id or an answer → answered, "sending" → wire, only "waiting" → local, neither → wire', () => {
  const t = makeTempDbPath();
  const store = TaskStore.open(t.file);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  const log = (...messages: string[]) => messages.map((message, i) => ({ at: i, message }));
  const rows = {
    accepted: makeTaskRecord({
      status: 'running',
      remoteId: 'r-1',
      events: log('created', 'waiting to send'),
    }),
    answered: makeTaskRecord({
      status: 'failed',
      remoteId: null,
      lastRawResponse: { error: 'no' },
      events: log('created'),
    }),
    wire: makeTaskRecord({
      status: 'submitting',
      remoteId: null,
      lastRawResponse: null,
      events: log('waiting to send', 'sending to the gateway'),
    }),
    local: makeTaskRecord({
      status: 'submitting',
      remoteId: null,
      lastRawResponse: null,
      events: log('created', 'waiting to send'),
    }),
    neither: makeTaskRecord({
      status: 'submitting',
      remoteId: null,
      lastRawResponse: null,
      events: log('created'),
    }),
    damaged: makeTaskRecord({
      status: 'submitting',
      remoteId: null,
      lastRawResponse: null,
      events: log('waiting to send'),
    }),
  };
  for (const r of Object.values(rows)) store.insert(r);
  // The rows as a build before the migration stored them: no sendPhase (and one with a damaged column).
  store.db.exec("UPDATE tasks SET internal_json = json_remove(internal_json, '$.sendPhase')");
  store.db.prepare("UPDATE tasks SET internal_json = 'x' WHERE id = ?").run(rows.damaged.id);
  store.db.exec(MIGRATION_0011_SEND_PHASE);
  const phase = (id: string) => {
    const row = store.db
      .prepare("SELECT json_extract(internal_json, '$.sendPhase') AS p FROM tasks WHERE id = ?")
      .get(id) as { p: string };
    return row.p;
  };
  expect(Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, phase(r.id)]))).toEqual({
    accepted: 'answered',
    answered: 'answered',
    wire: 'wire',
    local: 'local',
    neither: 'wire',
    damaged: 'local',
  });
});
