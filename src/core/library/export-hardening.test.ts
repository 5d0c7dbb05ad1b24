import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { dispatch } from '../../shared/bridge/dispatch';
import type { TaskSummary } from '../../shared/domain/task';
import { startTestCore, type TestCore } from '../test-support/core-harness';

/**
 * Issue 26 items 6, 7 and 13 (export): results made by the simulator over real HTTP, then exported by a core
 * whose clock stands still (so two exports share a millisecond, as they did when they mixed).
 */
let sim: Simulator;
let dataDir: string;
const tasks: TaskSummary[] = [];
const FROZEN = Date.parse('2026-11-26T12:00:00.000Z');

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'export-key', speed: 'instant' });
  const maker = await startTestCore(sim);
  dataDir = maker.dataDir;
  const prompts = ['\n=HYPERLINK("http://x")', ' =1+1', '＝1+1', '＋cmd', 'plain fox'];
  for (const prompt of prompts) {
    const s = await maker.core.handlers.submitTask({
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 },
      extra: {},
    });
    const done = await maker.settled(s.id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    tasks.push(done);
  }
  await maker.close({ keepDir: true });
});
afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function frozenCore(exportMaxBytes?: number): Promise<TestCore> {
  return startTestCore(sim, {
    dataDir,
    ports: { clock: { now: () => FROZEN }, ...(exportMaxBytes !== undefined ? { exportMaxBytes } : {}) },
  });
}
const exportsDir = (c: TestCore) => join(c.core.mediaRoots().library, 'exports');
const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const manifestOf = (path: string) => {
  const zip = unzipSync(readFileSync(path));
  const json = JSON.parse(strFromU8(zip['manifest.json'] ?? new Uint8Array())) as { files: { taskId: string }[] };
  return { zip, files: json.files, csv: strFromU8(zip['manifest.csv'] ?? new Uint8Array()) };
};
const ids = () => tasks.map((t) => t.id);

describe('exports (issue 26 items 6, 7, 13)', () => {
  it('two exports in one millisecond get two names; two at once: one is written, the other refused plainly', async () => {
    const c = await frozenCore();
    try {
      const [a, b] = [ids().slice(0, 2), ids().slice(2, 4)];
      const first = await c.core.handlers.exportTasks({ ids: a });
      const second = await c.core.handlers.exportTasks({ ids: b });
      expect(first.name).not.toBe(second.name);
      expect(manifestOf(first.path).files.map((f) => f.taskId).sort()).toEqual([...a].sort());
      expect(manifestOf(second.path).files.map((f) => f.taskId).sort()).toEqual([...b].sort());

      const together = await Promise.all([
        dispatch(c.core.handlers, 'exportTasks', { ids: a }),
        dispatch(c.core.handlers, 'exportTasks', { ids: b }),
      ]);
      const written = together.filter((r) => r.ok);
      const refused = together.filter((r) => !r.ok);
      expect(written).toHaveLength(1);
      expect(refused[0]).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/already being written/) } });
      const value = written[0]?.ok ? (written[0].value as { path: string }) : null;
      expect(manifestOf(value?.path ?? '').files.map((f) => f.taskId).sort()).toEqual([...a].sort());
      expect(listing(exportsDir(c)).filter((n) => n.endsWith('.part'))).toEqual([]);
    } finally {
      await c.close({ keepDir: true });
    }
  });

  it('repeated ids are exported once; one export is bounded in size and refused above it, leaving nothing', async () => {
    const one = tasks[4];
    if (!one) throw new Error('no task');
    const file = join(dataDir, 'library', one.results[0]?.file ?? '');
    const fileBytes = statSync(file).size;
    const c = await frozenCore(fileBytes * 3);
    try {
      const out = await c.core.handlers.exportTasks({ ids: Array.from({ length: 200 }, () => one.id) });
      expect(out).toMatchObject({ files: 1, tasks: 1 });
      expect(manifestOf(out.path).files).toHaveLength(1);
      expect(statSync(out.path).size).toBeLessThan(fileBytes * 2);
      console.log(`[export] 200 × one id (${fileBytes} B result): ${out.files} file, ZIP ${statSync(out.path).size} B`);

      const before = listing(exportsDir(c));
      const over = await dispatch(c.core.handlers, 'exportTasks', { ids: ids() });
      expect(over).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/^These results add up to \d+ KB; one export holds at most \d+ KB\. Choose fewer tasks\.$/) },
      });
      expect(listing(exportsDir(c))).toEqual(before);
    } finally {
      await c.close({ keepDir: true });
    }
  });

  it('CSV cells starting a formula after whitespace or line breaks, or with fullwidth signs, are neutralised', async () => {
    const c = await frozenCore();
    try {
      const out = await c.core.handlers.exportTasks({ ids: ids() });
      const { csv } = manifestOf(out.path);
      expect(csv).toContain(`"'\n=HYPERLINK(""http://x"")"`);
      expect(csv).toContain(`,' =1+1,`);
      expect(csv).toContain(`,'＝1+1,`);
      expect(csv).toContain(`,'＋cmd,`);
      expect(csv).toContain(`,plain fox,`);
    } finally {
      await c.close({ keepDir: true });
    }
  });

  it('after the library folder moved, export answers conflict and leaves no ZIP anywhere', async () => {
    const c = await frozenCore();
    const moved = mkdtempSync(join(tmpdir(), 'atelier-moved-lib-'));
    try {
      const oldExports = listing(exportsDir(c));
      await c.core.handlers.updatePreferences({ libraryDir: moved });
      const reply = await dispatch(c.core.handlers, 'exportTasks', { ids: ids() });
      expect(reply).toMatchObject({ ok: false, error: { code: 'conflict' } });
      expect(listing(join(moved, 'exports'))).toEqual([]);
      expect(listing(join(dataDir, 'library', 'exports'))).toEqual(oldExports);
      await c.core.handlers.updatePreferences({ libraryDir: '' });
    } finally {
      await c.close({ keepDir: true });
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('SIGKILL during an export, then restart: the part file it left is removed; finished ZIPs stay', { timeout: 60_000 }, async () => {
    // One result made large (sparse, so the disk is spared) keeps the export writing long enough to be killed.
    const big = join(dataDir, 'library', tasks[0]?.results[0]?.file ?? '');
    truncateSync(big, 200 * 1024 * 1024);
    const dir = join(dataDir, 'library', 'exports');
    const kept = listing(dir).filter((n) => n.endsWith('.zip'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, '../test-support/export-child.ts'), dataDir, sim.baseUrl, sim.apiKey, ids().join(',')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await new Promise<void>((ready, fail) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('EXPORTING') && ready());
        child.once('exit', (code) => fail(new Error(`child exited early (${code})`)));
      });
      const until = Date.now() + 20_000;
      while (!listing(dir).some((n) => n.endsWith('.zip.part'))) {
        if (Date.now() > until) throw new Error('no export part file appeared');
        await new Promise((r) => setTimeout(r, 2));
      }
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      expect(child.signalCode).toBe('SIGKILL');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    const parts = listing(dir).filter((n) => n.endsWith('.zip.part'));
    expect(parts.length).toBeGreaterThan(0); // the kill left one behind
    const zipsBefore = listing(dir).filter((n) => n.endsWith('.zip'));
    const c = await frozenCore();
    try {
      expect(listing(dir).filter((n) => n.endsWith('.part'))).toEqual([]);
      expect(listing(dir).filter((n) => n.endsWith('.zip'))).toEqual(zipsBefore);
      expect(zipsBefore).toEqual(expect.arrayContaining(kept));
    } finally {
      await c.close({ keepDir: true });
    }
  });
});
