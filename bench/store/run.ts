/**
 * Store bench at scale: `npx tsx bench/store/run.ts [--tasks 100000]` (`--tasks 1000000` on demand: seeding
 * a million tasks takes minutes, printed as `seeded … in … s`).
 * Seeds a real SQLite history (seed.ts: every operation, English and Chinese prompts, realistic statuses),
 * then measures, with the real core:
 *  - core start: createCore + start() in a fresh process, RSS: median of 5 starts after a clean stop, and
 *    the first start of a fresh copy (no clean stop vouches for it: the full integrity check runs);
 *  - search through the bridge handler `listTasks` (page + total + counts by status, what the gallery asks
 *    for on every keystroke): short prefixes, words, CJK terms of 1, 2 and 4 characters (median of 15).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../../src/core/create-core';
import { mulberry32, seedManyTasks } from '../../src/core/db/seed';
import { TaskStore } from '../../src/core/db/task-store';
import { createMemorySecretStore } from '../../src/core/storage/file-secret-store';
import { createJsonPreferencesStore } from '../../src/core/storage/json-preferences-store';

const { values } = parseArgs({ options: { tasks: { type: 'string', default: '100000' } } });
const N = Number(values.tasks);
const NOW = Date.now();
const STARTS = 5;
const SEARCH_RUNS = 15;
const TERMS = ['l', 'li', 'lighthouse', 'fox golden', '月', '月光', '雪山脚下', 'zzzz'];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

interface StartFigures {
  ms: number;
  rssMiB: number;
  /** From the same zero: the first screen's call (asked right after start) answered, the background done. */
  firstScreenMs: number;
  settledMs: number;
}

function startOnce(dataDir: string): Promise<StartFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'start-child.ts'), dataDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => {
      const line = out.split('\n').find((l) => l.startsWith('START '));
      if (!line) reject(new Error(`start child printed no result: ${out}`));
      else resolve(JSON.parse(line.slice(6)) as StartFigures);
    });
  });
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'atelier-store-bench-'));
  try {
    const seedDir = join(root, 'seed');
    mkdirSync(seedDir);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const store = TaskStore.open(join(seedDir, 'atelier.db'), { now: () => NOW });
    // Made as inserted (a million records do not fit in memory at once), in one transaction, the full-text
    // indexes built once after the rows (TaskStore.insertMany).
    seedManyTasks(store, N, mulberry32(16), { now: NOW });
    store.close();
    const seedS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const seedCpuS = (cpu.user + cpu.system) / 1e6;
    console.log(`seeded ${N} tasks in ${seedS.toFixed(1)} s (CPU ${seedCpuS.toFixed(1)} s; load average ${loadavg()[0]!.toFixed(1)})`);

    // A copy of the history is a file no clean stop vouches for: its first start runs the full integrity
    // check (as after a crash or a restored backup). Each start after that follows a clean stop.
    const dir = join(root, 'start');
    mkdirSync(dir);
    copyFileSync(join(seedDir, 'atelier.db'), join(dir, 'atelier.db'));
    const checked = await startOnce(dir);
    const starts: StartFigures[] = [];
    for (let i = 0; i < STARTS; i++) starts.push(await startOnce(dir));
    rmSync(dir, { recursive: true, force: true });
    const startMs = median(starts.map((s) => s.ms));
    const startRss = median(starts.map((s) => s.rssMiB));
    console.log(
      `core start at ${N} after a clean stop: median ${startMs.toFixed(1)} ms (${starts.map((s) => s.ms.toFixed(0)).join(', ')}), RSS ${startRss.toFixed(0)} MiB`,
    );
    console.log(
      `core start at ${N}, first start of a copy (full integrity check): ${checked.ms.toFixed(0)} ms`,
    );
    // Start answers once the database is open; tasks at the gateway and the queue resume after, in pages.
    const firstScreenMs = median(starts.map((s) => s.firstScreenMs));
    const settledMs = median(starts.map((s) => s.settledMs));
    console.log(
      `core start at ${N}: first screen answered at ${firstScreenMs.toFixed(1)} ms, background resume done at ${settledMs.toFixed(0)} ms (medians)`,
    );

    const core = createCore({
      dataDir: seedDir,
      transport: 'web',
      appVersion: 'bench',
      secrets: createMemorySecretStore(),
      preferences: createJsonPreferencesStore(seedDir),
    });
    const search: Record<string, { ms: number; total: number }> = {};
    let firstSearchMs: number | undefined;
    for (const term of TERMS) {
      const times: number[] = [];
      let total = 0;
      // The filter the gallery sends (gallery-store `filterOf`): rejected tasks hidden, newest first.
      const ask = () =>
        core.handlers.listTasks({
          filter: { sort: 'newest', rejected: 'hide', search: term },
          cursor: null,
          limit: 100,
        });
      // The first search of a session also reads the status mirror (db/status-mirror): reported on its own.
      const first = performance.now();
      await ask();
      firstSearchMs ??= performance.now() - first;
      for (let i = 0; i < SEARCH_RUNS; i++) {
        const t = performance.now();
        total = (await ask()).total;
        times.push(performance.now() - t);
      }
      search[term] = { ms: median(times), total };
      console.log(
        `search ${JSON.stringify(term).padEnd(14)} median ${median(times).toFixed(2).padStart(7)} ms  (${total} matches)`,
      );
    }
    const t = performance.now();
    const times: number[] = [];
    for (let i = 0; i < SEARCH_RUNS; i++) {
      const s = performance.now();
      await core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 100 });
      times.push(performance.now() - s);
    }
    void t;
    console.log(`first page, no filter     median ${median(times).toFixed(2).padStart(7)} ms`);
    console.log(
      `first search of the session (reads the status mirror): ${(firstSearchMs ?? NaN).toFixed(1)} ms`,
    );
    await core.stop();
    const worst = Math.max(...Object.values(search).map((s) => s.ms));
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'store',
        tasks: N,
        seedS: +seedS.toFixed(1),
        seedCpuS: +seedCpuS.toFixed(1),
        coreStartMs: +startMs.toFixed(1),
        coreStartFirstScreenMs: +firstScreenMs.toFixed(1),
        coreStartSettledMs: +settledMs.toFixed(0),
        coreStartRssMiB: +startRss.toFixed(0),
        coreStartCheckedMs: +checked.ms.toFixed(0),
        searchWorstMs: +worst.toFixed(2),
        ...Object.fromEntries(Object.entries(search).map(([k, v]) => [`search ${k} (ms)`, +v.ms.toFixed(2)])),
        firstPageMs: +median(times).toFixed(2),
        firstSearchMs: +(firstSearchMs ?? NaN).toFixed(1),
      })}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
