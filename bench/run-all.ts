/**
 * `npm run bench`: every bench script in turn, each in its own process (so one's memory or CPU never
 * colours the next), then ONE table of their key figures and the machine they were measured on.
 *
 *   npx tsx bench/run-all.ts [--only poll,upload] [--skip painter] [--million]
 *
 * It ends with issue 31's table: every figure beside its goal, the download as a ratio to curl in the same
 * run with the CPU model beside it. `--million` adds the on-demand million-task runs of the store and
 * gallery benches (seeding takes minutes).
 *
 * Each script ends with a machine-readable `BENCH_RESULT {json}` line; the gallery bench prints a table,
 * which is parsed. A missing script is skipped (noted in the table); a failing one is reported and makes
 * the exit code non-zero, the others still run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machine } from '../reliability/support/report';
import { goalRows, goalTable } from './goals';

interface Bench {
  name: string;
  script: string;
  args: string[];
}

const ROOT = join(import.meta.dirname, '..');
const BENCHES: Bench[] = [
  { name: 'download', script: 'bench/download/run.ts', args: ['--mb', '1024'] },
  { name: 'download-readers', script: 'bench/download/readers.ts', args: ['--mb', '512', '--runs', '3'] },
  { name: 'poll', script: 'bench/poll/run.ts', args: [] },
  { name: 'upload', script: 'bench/upload/run.ts', args: [] },
  { name: 'upload-wire', script: 'bench/upload/wire.ts', args: [] },
  { name: 'painter', script: 'bench/painter/run.ts', args: [] },
  { name: 'canvas-editor', script: 'bench/painter/editor.ts', args: [] },
  { name: 'gallery', script: 'bench/gallery/run.ts', args: [] },
  { name: 'store', script: 'bench/store/run.ts', args: ['--tasks', '100000'] },
  { name: 'chaos', script: 'reliability/chaos/run.ts', args: [] },
];
/** On demand only (`--million`): the million-task figures. */
const MILLION: Bench[] = [
  { name: 'store-1m', script: 'bench/store/run.ts', args: ['--tasks', '1000000'] },
  { name: 'gallery-1m', script: 'bench/gallery/run.ts', args: ['--tasks', '1000000', '--no-interact'] },
];

type Figures = Record<string, unknown>;
interface Outcome {
  bench: Bench;
  code: number | null;
  seconds: number;
  figures: Figures | null;
  skipped?: string;
}

/** Runs one script with live output (prefixed), keeping what it printed. */
function runScript(b: Bench): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, b.script), ...b.args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const relay = (d: Buffer, to: NodeJS.WriteStream): void => {
      const text = d.toString();
      out += text;
      to.write(text.replace(/^(?=.)/gm, `[${b.name}] `));
    };
    child.stdout.on('data', (d: Buffer) => relay(d, process.stdout));
    child.stderr.on('data', (d: Buffer) => relay(d, process.stderr));
    child.on('close', (code) => resolve({ code, out }));
  });
}

function benchResult(out: string): Figures | null {
  const line = out.split('\n').findLast((l) => l.startsWith('BENCH_RESULT '));
  if (!line) return null;
  try {
    return JSON.parse(line.slice('BENCH_RESULT '.length)) as Figures;
  } catch {
    return null;
  }
}

/** The gallery bench's table rows: `label  <median> <p95> <max>` in ms. */
function galleryFigures(out: string): Figures | null {
  const pick = (label: string): string | null => {
    const m = new RegExp(
      `^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+([\\d.]+)\\s*(?:ms)?\\s+([\\d.]+)`,
      'm',
    ).exec(out);
    return m ? `${m[1]} / ${m[2]} ms` : null;
  };
  const figures: Figures = {
    'first paint (median / p95)': pick('first gallery paint (5 loads)'),
    'search keystroke → rendered': pick('search: keystroke → rendered'),
    'scroll grid frame (40 px)': pick('scroll grid 40 px/frame'),
    'scroll fling frame (200 px)': pick('scroll grid 200 px/frame (fling)'),
  };
  return Object.values(figures).some((v) => v !== null) ? figures : null;
}

/** A number with at most `digits` decimals, trailing decimal zeros dropped (1000 stays 1000). */
const num = (v: unknown, digits = 2): string =>
  typeof v === 'number' ? String(Number(v.toFixed(digits))) : String(v ?? '–');

/** The few figures per bench that go into the summary table. */
function summary(name: string, f: Figures): [string, string][] {
  switch (name) {
    case 'download':
      return [
        [
          `${num(f.mb, 0)} MiB, whole process: ours vs curl (MB/s)`,
          `${num(f.oursMBps, 0)} vs ${num(f.curlMBps, 0)}`,
        ],
        ['throughput ours/curl (time ratio)', `${num(f.throughputRatio)} (${num(f.ratio)})`],
        ['our download alone (without process start)', `${num(f.oursDownloadS, 3)} s`],
        ['peak RSS growth (ours)', `${num(f.rssGrowthMiB, 1)} MiB`],
        ['sha256 ok; load average before / after', `${String(f.sha256Ok)}; ${String(f.load ?? '–')}`],
      ];
    case 'poll':
      return [
        [
          `${num(f.tasks, 0)} tasks: requests / task, engine vs naive 2 s`,
          `${num(f.engineReqPerTask)} vs ${num(f.naiveReqPerTask)}`,
        ],
        [
          'status polls / task, engine vs naive',
          `${num(f.enginePollsPerTask)} vs ${num(f.naivePollsPerTask)}`,
        ],
        [
          'detection delay mean, engine vs naive',
          `${num(f.engineDetectMeanS)} s vs ${num(f.naiveDetectMeanS)} s`,
        ],
        ['wall time, engine vs naive', `${num(f.engineWallS, 1)} s vs ${num(f.naiveWallS, 1)} s`],
        [
          'CPU time, engine vs naive',
          `${num(f.engineCpuS)} s vs ${num(f.naiveCpuS)} s (${num(f.cpuRatio)}×)`,
        ],
      ];
    case 'upload':
      return [
        [
          `${num(f.images, 0)} × ${num(f.mbEach, 0)} MB edit: ours vs curl -F`,
          `${num(f.oursS, 3)} s vs ${num(f.curlS, 3)} s`,
        ],
        ['throughput ours/curl (time ratio)', `${num(f.throughputRatio)} (${num(f.ratio)})`],
        ['load average before / after', String(f.load ?? '–')],
        ['peak RSS (growth)', `${num(f.peakRssMiB, 0)} MiB (+${num(f.rssGrowthMiB, 0)} MiB)`],
      ];
    case 'gallery': {
      const counts = Array.isArray(f.counts) ? (f.counts as number[]) : [];
      const rows: [string, string][] = counts.map((c) => {
        const k = `${c / 1000}k`;
        return [
          `first paint at ${num(c, 0)} tasks: median / p95 (cold), bridge calls`,
          `${num(f[`paint${k}MedianMs`], 0)} / ${num(f[`paint${k}P95Ms`], 0)} ms (${num(f[`paint${k}ColdMedianMs`], 0)} ms), ${num(f[`paint${k}Calls`], 0)}`,
        ];
      });
      if (f.searchMedianMs !== undefined)
        rows.push(
          [
            'search keystroke → rendered (median / p95)',
            `${num(f.searchMedianMs, 0)} / ${num(f.searchP95Ms, 0)} ms`,
          ],
          [
            'scroll frame, grid 40 px (median / p95)',
            `${num(f.scrollGridMedianMs, 1)} / ${num(f.scrollGridP95Ms, 1)} ms`,
          ],
          [
            'scroll frame, fling 200 px (median / p95)',
            `${num(f.scrollFlingMedianMs, 1)} / ${num(f.scrollFlingP95Ms, 1)} ms`,
          ],
        );
      return rows;
    }
    case 'store':
      return [
        [
          `core start at ${num(f.tasks, 0)} tasks (after a clean stop)`,
          `${num(f.coreStartMs, 1)} ms, RSS ${num(f.coreStartRssMiB, 0)} MiB`,
        ],
        ['core start, first start of a copy (full check)', `${num(f.coreStartCheckedMs, 0)} ms`],
        ['search, slowest term (page + total + counts, rejected hidden)', `${num(f.searchWorstMs)} ms`],
        ['first search of a session (reads the status mirror)', `${num(f.firstSearchMs, 1)} ms`],
        [
          'search "li" / "月光" / "月"',
          `${num(f['search li (ms)'])} / ${num(f['search 月光 (ms)'])} / ${num(f['search 月 (ms)'])} ms`,
        ],
        ['first page, no filter', `${num(f.firstPageMs)} ms`],
      ];
    case 'chaos':
      return [
        [
          'tasks / succeeded / failed',
          `${num(f.tasks, 0)} / ${num(f.succeeded, 0)} / ${num(f.failed, 0)} (unexpected ${num(f.unexpectedFailures, 0)})`,
        ],
        [
          'lost / duplicate submits / corrupt files',
          `${num(f.lost, 0)} / ${num(f.duplicateSubmissions, 0)} / ${num(f.corruptFiles, 0)}`,
        ],
        [
          'SIGKILL mid-submission → unknown (gateway had it)',
          `${num(f.interruptedUnknown, 0)} (${num(f.interruptedReceived, 0)})`,
        ],
      ];
    default:
      return Object.entries(f)
        .filter(([k]) => k !== 'name')
        .map(([k, v]): [string, string] => [k, typeof v === 'number' ? num(v) : String(v)]);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      skip: { type: 'string' },
      million: { type: 'boolean', default: false },
    },
  });
  const only = values.only?.split(',');
  const skip = values.skip?.split(',') ?? [];
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const b of [...BENCHES, ...(values.million ? MILLION : [])].filter(
    (x) => (!only || only.includes(x.name)) && !skip.includes(x.name),
  )) {
    if (!existsSync(join(ROOT, b.script))) {
      outcomes.push({ bench: b, code: null, seconds: 0, figures: null, skipped: 'script not present' });
      continue;
    }
    console.log(`\n=== ${b.name}: ${b.script} ${b.args.join(' ')}`);
    const t0 = performance.now();
    const { code, out } = await runScript(b);
    outcomes.push({
      bench: b,
      code,
      seconds: (performance.now() - t0) / 1000,
      figures: benchResult(out) ?? (b.name.startsWith('gallery') ? galleryFigures(out) : null),
    });
  }
  const m = machine();
  const rows: [string, string, string][] = [];
  for (const o of outcomes) {
    const status = o.skipped
      ? `skipped: ${o.skipped}`
      : `${o.seconds.toFixed(0)} s${o.code === 0 ? '' : `, EXIT ${o.code}`}`;
    const lines = o.figures
      ? summary(o.bench.name.replace(/-1m$/, ''), o.figures)
      : [['(no figures printed)', '–'] as [string, string]];
    lines.forEach(([k, v], i) => rows.push([i === 0 ? `${o.bench.name} (${status})` : '', k, v]));
  }
  const w0 = Math.max(5, ...rows.map((r) => r[0].length));
  const w1 = Math.max(6, ...rows.map((r) => r[1].length));
  console.log(`\n## Benchmarks — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  console.log(`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM, node ${m.node}, ${m.platform}\n`);
  console.log(`| ${'bench'.padEnd(w0)} | ${'figure'.padEnd(w1)} | value |`);
  console.log(`|${'-'.repeat(w0 + 2)}|${'-'.repeat(w1 + 2)}|-------|`);
  for (const [a, b, c] of rows) console.log(`| ${a.padEnd(w0)} | ${b.padEnd(w1)} | ${c} |`);
  const byName = Object.fromEntries(outcomes.map((o) => [o.bench.name, o.figures]));
  console.log(`\n## Issue 31's figures and their goals (CPU: ${m.cpu}, ${m.cores} cores)\n`);
  for (const line of goalTable(goalRows(byName, m.cpu))) console.log(line);
  console.log(`\ntotal ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
  if (outcomes.some((o) => !o.skipped && o.code !== 0)) process.exitCode = 1;
}

await main();
