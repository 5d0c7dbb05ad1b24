import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { DEMO_PROFILE_ID } from '../../shared/domain/profile';
import { getOperation } from '../../shared/operations/catalog';
import { TaskStore } from '../db/task-store';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { newTaskRecord, withEvent } from './record-factory';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

/**
 * Issue 27: Send went through a second submit path that read no gallery result from disk and never removed
 * the temp files of link inputs. An image edit of a gallery result, never sent before a restart, failed with
 * "This gallery result has no file on disk" and left its spooled link behind.
 */
describe('Send after a restart (one submit path)', () => {
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
    const now = Date.now();
    const edit = newTaskRecord({
      id: 'edit-never-sent',
      op: getOperation('imageEdit.edit'),
      values: {
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
      },
      extra: {},
      profileId: DEMO_PROFILE_ID,
      demo: true,
      now,
      baseUrl: sim.baseUrl,
      vendor: 'vendora',
      submitPath: '/v1/images/edits',
      callbackToken: null,
      expectedMs: null,
    });
    // (The log line earlier builds read; this build reads `sendPhase`, which a new row has as `local`.)
    edit.events = withEvent(edit, 'waiting to send', now);
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
