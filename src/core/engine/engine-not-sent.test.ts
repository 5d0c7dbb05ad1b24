import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { DEMO_PROFILE_ID } from '../../shared/domain/profile';
import { getOperation } from '../../shared/operations/catalog';
import type { Values } from '../../shared/operations/fields';
import type { OperationId } from '../../shared/operations/ids';
import { TaskStore } from '../db/task-store';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { LOG } from './lifecycle/texts';
import { newTaskRecord, withEvent } from './record-factory';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

/** A task's row exactly as a process killed before sending it leaves it: written, `submitting`, not sent. */
function unsentRow(
  baseUrl: string,
  id: string,
  operationId: OperationId,
  submitPath: string,
  values: Values,
) {
  return newTaskRecord({
    id,
    op: getOperation(operationId),
    values,
    extra: {},
    profileId: DEMO_PROFILE_ID,
    demo: true,
    now: Date.now(),
    baseUrl,
    vendor: 'vendora',
    submitPath,
    callbackToken: null,
    expectedMs: null,
  });
}

describe('after a crash', () => {
  it('a task still in the local queue is "not sent" and goes out with one click; one in flight stays unknown', async () => {
    sim = await startSimulator({ port: 0, apiKey: 'k-not-sent', speed: 'instant' });
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-notsent-'));
    // The rows exactly as a process killed at that moment leaves them (both `submitting`).
    const store = TaskStore.open(join(dataDir, 'atelier.db'));
    const now = Date.now();
    const row = (id: string, prompt: string) =>
      unsentRow(sim!.baseUrl, id, 'unifiedImage.generate', '/v1/tasks/generations', {
        model: 'gpt-image-1.5',
        prompt,
        size: '1024x1024',
        n: 1,
        images: [],
      });
    // State, not log text, tells them apart: `sendPhase` local (never sent) and wire (the request went out).
    const waiting = row('never-sent', 'a queue that never moved [ns-1]');
    waiting.events = withEvent(waiting, LOG.waiting, now);
    const inFlight = row('in-flight', 'a request on the wire [ns-2]');
    inFlight.events = withEvent(
      { ...inFlight, events: withEvent(inFlight, LOG.waiting, now) },
      LOG.sending,
      now,
    );
    inFlight.internal.sendPhase = 'wire';
    store.insert(waiting);
    store.insert(inFlight);
    store.close();

    t = await startTestCore(sim, { dataDir });
    const a = t.core.store.get('never-sent');
    const b = t.core.store.get('in-flight');
    expect(a?.status).toBe('unknown');
    expect(a?.rawStatus).toBe('not sent');
    expect(a?.error).toMatch(/^Not sent/);
    expect(b?.status).toBe('unknown');
    expect(b?.error).toMatch(/may have accepted it; check before resubmitting/);

    // One click ("check again") sends it: exactly one submission reaches the gateway, and it finishes.
    await t.core.handlers.checkTask({ id: 'never-sent' });
    const final = await t.settled('never-sent');
    expect(final.status, final.error ?? '').toBe('succeeded');
    const posts = sim.log.filter(
      (e) => e.method === 'POST' && JSON.stringify(e.json ?? '').includes('[ns-1]'),
    );
    expect(posts).toHaveLength(1);
    // The one that may be at the gateway is never sent again.
    await expect(t.core.handlers.checkTask({ id: 'in-flight' })).rejects.toThrow(/no gateway id/);
    expect(
      sim.log.filter((e) => e.method === 'POST' && JSON.stringify(e.json ?? '').includes('[ns-2]')),
    ).toHaveLength(0);
  });

  /**
   * Issue 27: Send went through a second submit path that read no gallery result from disk and never removed
   * the temp files of link inputs. An image edit of a gallery result, never sent before a restart, failed with
   * "This gallery result has no file on disk" and left its spooled link behind.
   */
  it('an image edit of a gallery result, never sent before a restart, is sent once, succeeds, and leaves no temp file', async () => {
    sim = await startSimulator({ port: 0, apiKey: 'k-send', speed: 'instant' });
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-send-'));
    t = await startTestCore(sim, { dataDir });
    const made = await t.core.handlers.submitTask({
      operationId: 'unifiedImage.generate',
      values: {
        model: 'gpt-image-1.5',
        prompt: 'a harbour at dawn [send-src]',
        size: '1024x1024',
        n: 1,
        images: [],
      },
      extra: {},
    });
    const source = await t.settled(made.id);
    const result = source.results[0];
    expect(result?.state).toBe('done');
    await t.close({ keepDir: true });
    t = null;

    // The edit's row exactly as a process killed before sending it leaves it: written, waiting, not sent.
    const store = TaskStore.open(join(dataDir, 'atelier.db'));
    const edit = unsentRow(sim.baseUrl, 'edit-never-sent', 'imageEdit.edit', '/v1/images/edits', {
      model: 'gpt-image-1.5',
      prompt: 'make it night [send-edit]',
      quality: 'auto',
      size: '1024x1024',
      images: [
        {
          kind: 'result',
          taskId: made.id,
          index: 0,
          remoteUrl: null,
          file: result?.file ?? null,
          mime: result?.mime ?? null,
        },
        { kind: 'url', url: result?.remoteUrl ?? '' },
      ],
    });
    // (The log line earlier builds read; this build reads `sendPhase`, which a new row has as `local`.)
    edit.events = withEvent(edit, 'waiting to send', Date.now());
    store.insert(edit);
    store.close();

    t = await startTestCore(sim, { dataDir });
    expect(t.core.store.get(edit.id)?.rawStatus).toBe('not sent');
    await t.core.handlers.checkTask({ id: edit.id });
    const final = await t.settled(edit.id);
    expect(final.status, final.error ?? '').toBe('succeeded');
    expect(final.results.every((r) => r.state === 'done')).toBe(true);
    expect(sim.log.filter((e) => e.method === 'POST' && e.path === '/v1/images/edits')).toHaveLength(1);
    // The link input was spooled to a temp file for the upload; it is gone once the request is done.
    expect(readdirSync(join(dataDir, 'inputs')).filter((name) => name.startsWith('.url-'))).toEqual([]);
  });
});
