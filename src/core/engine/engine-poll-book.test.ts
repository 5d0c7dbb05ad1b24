import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { openDatabase } from '../db/open-database';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { valuesFor } from './operation-values.test-support';

/**
 * Poll bookkeeping (next poll time, poll count, progress) lives in memory and reaches the file every
 * `bookFlushMs`; state transitions and results are written at once. Checked against the simulator over
 * HTTP, reading the SQLite file through a second connection (what a crash would leave).
 */
const dirs: string[] = [];
let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  await sim?.close();
  sim = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-book-'));
  dirs.push(d);
  return d;
};

/** The task rows as the file holds them now (a fresh connection: no cache, no memory of the engine). */
function onDisk(
  dataDir: string,
): Map<string, { status: string; remoteId: string | null; pollCount: number }> {
  const db = openDatabase(join(dataDir, 'atelier.db'));
  try {
    const rows = db
      .prepare("SELECT id, status, remote_id, json_extract(internal_json, '$.pollCount') FROM tasks")
      .raw()
      .all() as [string, string, string | null, number][];
    return new Map(rows.map(([id, status, remoteId, pollCount]) => [id, { status, remoteId, pollCount }]));
  } finally {
    db.close();
  }
}

/** Status queries per task (path and query string) in the simulator's log. */
const pollsByPath = (s: Simulator): Map<string, number> => {
  const m = new Map<string, number>();
  for (const e of s.log)
    if (e.method === 'GET' && e.family !== 'files') {
      const key = `${e.path}?${JSON.stringify(e.query)}`;
      m.set(key, (m.get(key) ?? 0) + 1);
    }
  return m;
};

describe('poll bookkeeping in memory', () => {
  it('polls that change nothing are not written one by one; a flush writes them, stop writes the rest', async () => {
    sim = await startSimulator({ port: 0, apiKey: 'book-key', speed: 1 });
    const dataDir = tempDir();
    t = await startTestCore(sim, { dataDir, tuning: { bookFlushMs: 10 * 60_000 } });
    const values = await valuesFor(t.core, 'gateway.text2image');
    const { id } = await t.core.handlers.submitTask({ operationId: 'gateway.text2image', values, extra: {} });
    const engine = t.core.engine;
    await expect
      .poll(() => engine.require(id).internal.pollCount, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(4);
    const inMemory = engine.require(id).internal.pollCount;
    // The file still has the count of the last state transition (0): no row rewrite per poll.
    expect(onDisk(dataDir).get(id)?.pollCount).toBeLessThan(inMemory);
    expect(onDisk(dataDir).get(id)?.remoteId).toBe(engine.require(id).remoteId);
    const core = t.core;
    t = null;
    await core.stop();
    // A clean stop writes what memory held.
    expect(onDisk(dataDir).get(id)?.pollCount).toBeGreaterThanOrEqual(inMemory);
  });

  it('the flush timer writes bookkeeping every bookFlushMs', async () => {
    sim = await startSimulator({ port: 0, apiKey: 'book-key', speed: 1 });
    const dataDir = tempDir();
    t = await startTestCore(sim, { dataDir, tuning: { bookFlushMs: 300 } });
    const values = await valuesFor(t.core, 'gateway.text2image');
    const { id } = await t.core.handlers.submitTask({ operationId: 'gateway.text2image', values, extra: {} });
    await expect
      .poll(() => onDisk(dataDir).get(id)?.pollCount ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
  });

  it(
    'SIGKILL with bookkeeping unsaved: every state transition is on disk, and a restart finishes every task',
    { timeout: 90_000 },
    async () => {
      sim = await startSimulator({ port: 0, apiKey: 'book-key', speed: 1 });
      const dataDir = tempDir();
      const N = 3;
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          resolve(import.meta.dirname, '../test-support/poll-book-child.ts'),
          dataDir,
          sim.baseUrl,
          sim.apiKey,
          String(N),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      await new Promise<void>((ready, fail) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('READY') && ready());
        child.stderr.on('data', (d: Buffer) => process.stderr.write(`child: ${d.toString()}`));
        child.once('exit', (code) => fail(new Error(`child exited early (${code})`)));
      });
      const s = sim;
      await expect
        .poll(() => [...pollsByPath(s).values()].filter((n) => n >= 4).length, { timeout: 20_000 })
        .toBe(N);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;

      const rows = [...onDisk(dataDir).values()];
      expect(rows).toHaveLength(N);
      const polls = pollsByPath(s);
      for (const row of rows) {
        // The transitions (accepted with a gateway id, queued/running) were written at once…
        expect(row.remoteId).not.toBeNull();
        expect(['queued', 'running']).toContain(row.status);
        // …the bookkeeping of the polls since then was not (the flush was minutes away): that is all a crash costs.
        const made = [...polls].find(([path]) => path.includes(row.remoteId ?? '?'))?.[1] ?? 0;
        expect(row.pollCount).toBeLessThan(made);
      }
      t = await startTestCore(s, { dataDir });
      const ids = [...onDisk(dataDir).keys()];
      const finals = await Promise.all(ids.map((id) => t!.settled(id, 40_000)));
      expect(finals.map((f) => f.status)).toEqual(Array(N).fill('succeeded'));
      for (const f of finals) for (const r of f.results) expect(r.state).toBe('done');
      expect(s.log.filter((e) => e.method === 'POST' && e.family !== 'control')).toHaveLength(N);
    },
  );
});
