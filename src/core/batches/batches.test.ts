import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';

const image = (prompt: string) => ({ model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 });
const submits = (sim: Simulator) => sim.log.filter((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations');

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'batch-key', speed: 'fast' });
});
afterAll(async () => {
  await sim.close();
});

async function settledBatch(t: TestCore, batchId: string, size: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [group] = (await t.core.handlers.listBatches({ limit: 5 })).filter((b) => b.id === batchId);
    if (group && group.members.length === size) return Promise.all(group.members.map((m) => t.settled(m.id)));
    if (Date.now() > deadline) throw new Error(`batch ${batchId} has ${group?.members.length ?? 0} of ${size} members`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('batches, rerun, rejects, ledger and prompts (simulator over HTTP, real SQLite)', () => {
  it('×4 of one value set and one prompt on 3 models become batches that survive a restart', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-batch-'));
    sim.clearLog();
    try {
      let t = await startTestCore(sim, { dataDir });
      const four = await t.core.handlers.submitBatch({ operationId: 'gateway.text2image', values: image('four foxes'), extra: {}, count: 4, models: null });
      const members = await settledBatch(t, four.batchId, 4);
      expect(members.map((m) => m.status)).toEqual(Array(4).fill('succeeded'));
      expect(members.every((m) => m.batchId === four.batchId && m.prompt === 'four foxes')).toBe(true);
      expect(new Set(members.map((m) => m.remoteId)).size).toBe(4);
      expect(submits(sim)).toHaveLength(4);

      const models = ['{vendor}_2.1_text2video', '{vendor}_2.6_text2video', '{vendor}_3.0_text2video'];
      const fan = await t.core.handlers.submitBatch({
        operationId: 'gateway.text2video',
        values: { model: models[0], prompt: 'a kite over dunes', aspect_ratio: '16:9', duration: 5, mode: 'std' },
        extra: {},
        count: 1,
        models,
      });
      const fanMembers = await settledBatch(t, fan.batchId, 3);
      expect(fanMembers.map((m) => m.model)).toEqual(['vendora_2.1_text2video', 'vendora_2.6_text2video', 'vendora_3.0_text2video']);
      expect(submits(sim).slice(4).map((e) => (e.json as { model: string }).model)).toEqual(fanMembers.map((m) => m.model));

      // Rerun: a new task with the same inputs; the old one is kept.
      const again = await t.core.handlers.rerunTask({ id: members[0]?.id ?? '', intoBatch: false });
      expect(again.id).not.toBe(members[0]?.id);
      expect(again.batchId).toBeNull();
      const rerun = await t.core.handlers.getTask({ id: again.id });
      const original = await t.core.handlers.getTask({ id: members[0]?.id ?? '' });
      expect(rerun.values).toEqual(original.values);
      await t.settled(again.id);
      // Its lineage names the task it reruns, seen from both ends (issue 26, item 13).
      const lineage = await t.core.handlers.getLineage({ id: again.id });
      expect(lineage.parents.map((p) => [p.taskId, p.kind])).toEqual([[members[0]?.id, 'reruns']]);
      const source = await t.core.handlers.getLineage({ id: members[0]?.id ?? '' });
      expect(source.children.map((c) => [c.taskId, c.kind])).toContainEqual([again.id, 'reruns']);

      // Reject two, they leave a gallery that hides rejects and can be restored.
      const ids = members.slice(1, 3).map((m) => m.id);
      await t.core.handlers.setRejected({ ids, rejected: true });
      const hidden = await t.core.handlers.listTasks({ filter: { sort: 'newest', rejected: 'hide' }, cursor: null, limit: 100 });
      expect(hidden.items.map((i) => i.id)).not.toContain(ids[0]);
      const only = await t.core.handlers.listTasks({ filter: { sort: 'newest', rejected: 'only' }, cursor: null, limit: 100 });
      expect(only.items.map((i) => i.id).sort()).toEqual([...ids].sort());

      // The ledger: 2 points per image (4 + rerun), 50 per 5 s std video (3).
      const ledger = await t.core.handlers.getLedger({});
      expect(ledger.todayPoints).toBe(5 * 2 + 3 * 50);
      expect(ledger.batches.find((b) => b.batchId === four.batchId)).toMatchObject({ points: 8, tasks: 4 });
      expect(ledger.batches.find((b) => b.batchId === fan.batchId)).toMatchObject({ points: 150, tasks: 3 });
      expect((await t.core.handlers.setDailyBudget({ points: 300 })).dailyBudget).toBe(300);

      // Prompt history and library.
      expect(await t.core.handlers.recentPrompts({ operationId: 'gateway.text2image', limit: 10 })).toEqual(['four foxes']);
      const saved = await t.core.handlers.savePrompt({ name: 'Hero shot', text: '<<<cat>>> leaps over <<<hero>>>', operationId: 'gateway.subjectReference' });
      await t.core.handlers.savePrompt({ name: 'Misty forest', text: 'a slow pan over misty bamboo' });
      expect((await t.core.handlers.listPrompts({ search: 'hero' })).map((p) => p.id)).toEqual([saved.id]);
      await t.close({ keepDir: true });

      // After a restart: the batches, rejects, budget and library are all still there.
      t = await startTestCore(sim, { dataDir });
      const after = await t.core.handlers.listBatches({ limit: 10 });
      expect(after.map((b) => [b.id, b.members.length])).toEqual([
        [fan.batchId, 3],
        [four.batchId, 4],
      ]);
      expect(after[1]?.members.filter((m) => m.rejected).map((m) => m.id).sort()).toEqual([...ids].sort());
      expect((await t.core.handlers.getLedger({})).dailyBudget).toBe(300);
      expect((await t.core.handlers.listPrompts({})).map((p) => p.name)).toEqual(['Misty forest', 'Hero shot']);
      expect(submits(sim)).toHaveLength(8); // nothing was sent again by the restart

      // Delete all: the batch disappears with its last member.
      for (const m of after[0]?.members ?? []) await t.core.handlers.deleteTask({ id: m.id, deleteFiles: true });
      expect((await t.core.handlers.listBatches({ limit: 10 })).map((b) => b.id)).toEqual([four.batchId]);
      // A rerun into a batch is linked the same way.
      const into = await t.core.handlers.rerunTask({ id: members[1]?.id ?? '', intoBatch: true });
      expect(into.batchId).toBe(four.batchId);
      expect((await t.core.handlers.getLineage({ id: into.id })).parents.map((p) => [p.taskId, p.kind])).toEqual([[members[1]?.id, 'reruns']]);
      await t.settled(into.id);
      await t.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a batch whose first member is refused reaches the form and sends nothing else', async () => {
    const t = await startTestCore(sim);
    try {
      sim.clearLog();
      await expect(
        t.core.handlers.submitBatch({ operationId: 'gateway.text2image', values: { ...image(''), prompt: '' }, extra: {}, count: 3, models: null }),
      ).rejects.toMatchObject({ code: 'invalid_input' });
      expect(submits(sim)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('×3 pressed on a board puts every member on that board', { timeout: 30_000 }, async () => {
    const t = await startTestCore(sim);
    try {
      const board = await t.core.handlers.createBoard({ name: 'Harbour' });
      const three = await t.core.handlers.submitBatch({ operationId: 'gateway.text2image', values: image('three boats'), extra: {}, count: 3, models: null, boardId: board.id });
      const members = await settledBatch(t, three.batchId, 3);
      const onBoard = await t.core.handlers.listTasks({ filter: { sort: 'newest', boardId: board.id }, cursor: null, limit: 10 });
      expect(onBoard.items.map((x) => x.id).sort()).toEqual(members.map((m) => m.id).sort());
    } finally {
      await t.close();
    }
  });
});
