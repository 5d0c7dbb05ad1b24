import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simFigures, startSimulator, type Simulator } from '../../sim';
import { startTestCore } from '../test-support/core-harness';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord } from '../db/test-fixtures';
import { SqliteEstimator } from './sqlite-estimator';
import { spreadOf } from './spread';

const SPEED = 'fast' as const;
const image = (prompt: string, n = 1) => ({
  model: '{vendor}_3.0_text2image',
  prompt,
  aspect_ratio: '1:1',
  n,
});
const video = {
  model: '{vendor}_2.6_text2video',
  prompt: 'a slow pan over a bamboo forest',
  aspect_ratio: '16:9',
  duration: 10,
  mode: 'pro',
};

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'estimate-key', speed: SPEED });
});
afterAll(async () => {
  await sim.close();
});

describe('spreadOf', () => {
  it('gives the median and the 10th–90th percentile range, ignoring order', () => {
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([7])).toEqual({ median: 7, low: 7, high: 7 });
    const s = spreadOf([50, 10, 30, 20, 40, 1000, 60, 70, 80, 90, 100]);
    expect(s?.median).toBe(60);
    expect(s?.low).toBe(20);
    expect(s?.high).toBe(100);
  });
});

describe('estimates on the demo gateway (simulator over HTTP, real SQLite file)', () => {
  it(
    'shows the demo gateway’s own figures before any task, then learns from finished tasks and keeps them across a restart',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'atelier-estimate-'));
      const figures = (q: Parameters<typeof simFigures>[1]) => simFigures(SPEED, q);
      try {
        let t = await startTestCore(sim, { dataDir, demoFigures: figures });
        // 1. Nothing learned yet: the demo gateway's price (10 pts/s ×1.5 in pro) and its timing at this speed.
        const before = await t.core.handlers.estimateTask({
          operationId: 'gateway.text2video',
          values: video,
        });
        expect(before.source).toBe('gateway');
        expect(before.samples).toBe(0);
        expect(before.points?.median).toBe(150);
        expect(before.durationMs?.median).toBe(
          simFigures(SPEED, {
            family: 'gateway',
            model: 'vendora_2.6_text2video',
            output: 'video',
            values: video,
          }).durationMs,
        );

        // 2. Three images finish: the estimate for that variant now comes from them; expectedMs was set at submit.
        const firstEstimate = await t.core.handlers.estimateTask({
          operationId: 'gateway.text2image',
          values: image('x'),
        });
        expect(firstEstimate.source).toBe('gateway');
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          const task = await t.core.handlers.submitTask({
            operationId: 'gateway.text2image',
            values: image(`a lighthouse ${i}`),
            extra: {},
          });
          expect(task.expectedMs).toBe(firstEstimate.durationMs?.median);
          ids.push(task.id);
        }
        const finals = await Promise.all(ids.map((id) => t.settled(id)));
        expect(finals.map((f) => f.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
        const learned = await t.core.handlers.estimateTask({
          operationId: 'gateway.text2image',
          values: image('y'),
        });
        expect(learned.source).toBe('history');
        expect(learned.samples).toBe(3);
        expect(learned.points).toEqual({ median: 2, low: 2, high: 2 });
        const durations = finals.map((f) => (f.finishedAt ?? 0) - (f.submittedAt ?? 0)).sort((a, b) => a - b);
        expect(learned.durationMs?.median).toBe(durations[1]);
        // A task submitted now carries the learned median.
        const next = await t.core.handlers.submitTask({
          operationId: 'gateway.text2image',
          values: image('a fourth lighthouse'),
          extra: {},
        });
        expect(next.expectedMs).toBe(learned.durationMs?.median);
        await t.settled(next.id);
        // Another variant (2 images) has no history of its own: the gateway's price for it.
        const twoImages = await t.core.handlers.estimateTask({
          operationId: 'gateway.text2image',
          values: image('z', 2),
        });
        expect(twoImages).toMatchObject({ source: 'gateway', points: { median: 4 } });
        // Deleting a task does not unlearn it.
        await t.core.handlers.deleteTask({ id: next.id, deleteFiles: true });
        await t.close({ keepDir: true });

        // 3. Restart on the same file: still learned, and expectedMs survives on the stored tasks.
        t = await startTestCore(sim, { dataDir, demoFigures: figures });
        const after = await t.core.handlers.estimateTask({
          operationId: 'gateway.text2image',
          values: image('y'),
        });
        expect(after.source).toBe('history');
        expect(after.samples).toBe(4);
        const page = await t.core.handlers.listTasks({ filter: { sort: 'oldest' }, cursor: null, limit: 10 });
        expect(page.items.map((i) => i.expectedMs)).toEqual(
          [1, 2, 3].map(() => firstEstimate.durationMs?.median),
        );
        await t.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('SqliteEstimator sources', () => {
  it('falls back from history of the variant to the model in any variant (time only), then typical durations', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-estimate-unit-'));
    const store = TaskStore.open(join(dir, 'atelier.db'));
    try {
      const est = new SqliteEstimator(store.db);
      const q = {
        profileId: 'mine',
        operationId: 'videos.create' as const,
        model: 'sora-2',
        values: { seconds: '4', size: '1280x720' },
      };
      expect(est.estimate(q)).toMatchObject({ source: 'typical', points: null, samples: 0 });
      expect(est.estimate({ ...q, operationId: 'gateway.text2image' }).durationMs?.median).toBeLessThan(
        est.estimate(q).durationMs?.median ?? 0,
      );
      est.record({
        ...q,
        values: { seconds: '8', size: '1280x720' },
        durationMs: 90_000,
        points: 30,
        taskId: 't1',
      });
      expect(est.estimate(q)).toMatchObject({
        source: 'history',
        samples: 1,
        points: null,
        durationMs: { median: 90_000 },
      });
      est.record({ ...q, durationMs: 40_000, points: 12, taskId: 't2' });
      est.record({ ...q, durationMs: 40_000, points: 12, taskId: 't2' }); // the same task twice counts once
      expect(est.estimate(q)).toMatchObject({
        source: 'history',
        samples: 1,
        points: { median: 12 },
        durationMs: { median: 40_000 },
      });
      // Another profile learns nothing from this one.
      expect(est.estimate({ ...q, profileId: 'other' }).source).toBe('typical');
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migration 0002 seeds the samples from tasks that finished before it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-estimate-seed-'));
    const file = join(dir, 'atelier.db');
    const { openDatabase } = await import('../db/open-database');
    const { MIGRATIONS } = await import('../db/migrations/index');
    // The task table as migration 0001 made it (no expected_ms yet): written through raw SQL.
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 1) });
    const r = makeTaskRecord({
      profileId: 'p',
      submittedAt: 1_000,
      finishedAt: 31_000,
      points: 4,
      values: { n: 2, prompt: 'x' },
    });
    old
      .prepare(
        'INSERT INTO tasks (id, operation_id, family, model, profile_id, status, created_at, submitted_at, finished_at, updated_at, points, values_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)',
      )
      .run(
        r.id,
        r.operationId,
        r.family,
        r.model,
        r.profileId,
        'succeeded',
        500,
        1_000,
        31_000,
        31_000,
        4,
        JSON.stringify(r.values),
      );
    old.close();
    const store = TaskStore.open(file);
    try {
      const est = new SqliteEstimator(store.db);
      expect(
        est.estimate({ profileId: 'p', operationId: r.operationId, model: r.model, values: { n: 2 } }),
      ).toMatchObject({
        source: 'history',
        samples: 1,
        durationMs: { median: 30_000 },
        points: { median: 4 },
      });
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
