import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import type { TaskSummary } from '../../shared/domain/task';
import { TaskStore } from '../db/task-store';
import { stripProvenance } from '../provenance/strip';
import { startTestCore } from '../test-support/core-harness';
import { valuesFor } from './operation-values.test-support';

/**
 * An image edit answers with its image inline (b64) and cannot be queried again. Found by the chaos run: a
 * SIGKILL after the task's "succeeded, file pending" state was saved but before the file was written left a
 * task that could never get its image ("The gateway gave no address for this file"). Now the bytes are
 * staged on disk before that state is saved, and a restart finishes from them.
 */
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'inline-key', speed: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

describe('inline (b64) results survive a crash between saving the state and writing the file', () => {
  it('the staged part file is on disk, at its recorded size, before any state naming the result is seen', async () => {
    const t = await startTestCore(sim);
    try {
      const seen: { size: number | null; total: number | null }[] = [];
      const off = t.core.events.subscribe((event, payload) => {
        const task = payload as TaskSummary;
        if (event !== 'taskChanged' || task.status !== 'downloading') return;
        const r = task.results[0];
        const part = join(t.dataDir, 'downloads', `${task.id}-0.part`);
        seen.push({ size: existsSync(part) ? statSync(part).size : null, total: r?.bytesTotal ?? null });
      });
      const task = await t.core.handlers.submitTask({
        operationId: 'imageEdit.edit',
        values: await valuesFor(t.core, 'imageEdit.edit'),
        extra: {},
      });
      const final = await t.settled(task.id);
      off();
      expect(final.status).toBe('succeeded');
      expect(seen.length).toBeGreaterThan(0);
      const first = seen[0];
      expect(first?.total).toBeGreaterThan(0);
      expect(first?.size).toBe(first?.total);
    } finally {
      await t.close();
    }
  });

  it('a restart on that saved state finishes the result from the staged file, byte for byte', async () => {
    // A first run to learn what the finished file is and to keep its state from the crash window.
    const first = await startTestCore(sim);
    let crashState: ReturnType<TaskStore['get']> = null;
    let staged: Buffer | null = null;
    const dataDir = first.dataDir;
    let done: TaskSummary;
    try {
      const off = first.core.events.subscribe((event, payload) => {
        const task = payload as TaskSummary;
        if (event !== 'taskChanged' || task.status !== 'downloading' || crashState) return;
        crashState = first.core.store.get(task.id);
        staged = readFileSync(join(dataDir, 'downloads', `${task.id}-0.part`));
      });
      const task = await first.core.handlers.submitTask({
        operationId: 'imageEdit.edit',
        values: await valuesFor(first.core, 'imageEdit.edit'),
        extra: {},
      });
      done = await first.settled(task.id);
      off();
    } finally {
      await first.close({ keepDir: true });
    }
    expect(crashState).not.toBeNull();
    const saved = crashState as unknown as NonNullable<ReturnType<TaskStore['get']>>;
    expect(saved.results[0]?.remoteUrl).toBeNull();
    // Put the data folder back as a SIGKILL in the window leaves it: the row as saved then, the part file.
    const store = TaskStore.open(join(dataDir, 'atelier.db'));
    store.update(saved.id, { ...saved });
    store.close();
    writeFileSync(join(dataDir, 'downloads', `${saved.id}-0.part`), staged as unknown as Buffer);
    const restarted = await startTestCore(sim, { dataDir });
    try {
      const final = await restarted.settled(saved.id);
      expect(final.status).toBe('succeeded');
      const r = final.results[0];
      expect(r?.state).toBe('done');
      expect(r?.sha256).toBe(done.results[0]?.sha256);
      const bytes = stripProvenance(readFileSync(join(restarted.core.mediaRoots().library, r?.file ?? '')));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(r?.sha256);
    } finally {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
