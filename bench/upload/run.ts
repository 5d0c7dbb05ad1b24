/**
 * Upload bench: a 16-image edit (8 MB PNGs of random pixels) through core's image edit submission
 * (multipart, files streamed from disk) vs `curl -F image[]=@… ×16`, same simulator, alternating runs (5 by
 * default: with 3 the median moved by ±0.1 between back-to-back runs of the same code).
 *
 *   npx tsx bench/upload/run.ts [--mb 8] [--images 16] [--runs 5]
 *
 * The simulator runs in a child process at speed 0 (it answers as soon as it has read and composed the
 * images), so both clients pay the same server time. Ours is timed from submitTask to the task's result
 * on disk (the gateway's b64 answer decoded and written); curl's until its answer is written. Peak RSS
 * of this process is sampled every 10 ms while ours runs. The files are streamed from disk in 1 MiB reads
 * over node:http with an exact Content-Length (gateway/multipart.ts, send-request.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FAST_TUNING } from '../../src/core/engine/tuning';
import type { InputRef } from '../../src/shared/domain/task';
import { startBenchCore, type BenchCore } from '../../reliability/support/bench-core';
import { machineLine, printBenchResult, printTable, rssSampler } from '../../reliability/support/report';
import { startSimProcess, type SimProcess } from '../../reliability/support/sim-process';
import { writeRandomPng } from './png-ish';

const { values: cli } = parseArgs({
  options: {
    mb: { type: 'string', default: '8' },
    images: { type: 'string', default: '16' },
    runs: { type: 'string', default: '5' },
  },
});
const MB = Number(cli.mb);
const IMAGES = Number(cli.images);
const RUNS = Number(cli.runs);
const PROMPT = 'upload bench: put them all on one contact sheet';
const SIZE = '256x256';

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function runCurl(sim: SimProcess, files: string[], out: string): Promise<number> {
  const args = [
    '-s',
    '-f',
    '-o',
    out,
    '-H',
    `Authorization: Bearer ${sim.apiKey}`,
    '-F',
    'model=gpt-image-1.5',
    '-F',
    `prompt=${PROMPT}`,
    '-F',
    'quality=auto',
    '-F',
    `size=${SIZE}`,
  ];
  for (const f of files) args.push('-F', `image[]=@${f};type=image/png`);
  args.push(`${sim.baseUrl}/v1/images/edits`);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn('curl', args, { stdio: 'ignore' });
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`curl exit ${code}`)),
    );
  });
}

async function runOurs(
  bench: BenchCore,
  inputs: InputRef[],
): Promise<{ seconds: number; peakRss: number; baseRss: number }> {
  const baseRss = process.memoryUsage.rss();
  const rss = rssSampler(10);
  const t0 = performance.now();
  const task = await bench.core.handlers.submitTask({
    operationId: 'imageEdit.edit',
    values: {
      model: 'gpt-image-1.5',
      images: inputs.map((input) => ({ kind: 'file', input })),
      prompt: PROMPT,
      quality: 'auto',
      size: SIZE,
    },
    extra: {},
  });
  const [final] = await bench.waitAll([task.id], 300_000);
  const seconds = (performance.now() - t0) / 1000;
  const peakRss = rss.stop();
  if (final?.status !== 'succeeded' || final.results[0]?.state !== 'done')
    throw new Error(`our edit did not succeed: ${final?.status} ${final?.error ?? ''}`);
  return { seconds, peakRss, baseRss };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'atelier-bench-upload-'));
  const loadBefore = loadavg()[0] ?? 0;
  const sim = await startSimProcess({ apiKey: 'bench-key', speed: 0 });
  try {
    console.log(
      `upload bench: ${IMAGES} × ${MB} MB PNG image edit, ours vs curl -F, ${RUNS} alternating runs`,
    );
    console.log(machineLine());
    const files = Array.from({ length: IMAGES }, (_, i) => join(work, `photo-${i + 1}.png`));
    for (const f of files) await writeRandomPng(f, MB * 1e6);
    // Core as the desktop app runs it: there the files the user picked are staged by path (in web mode a
    // page may not name paths, issue 13), copied into Atelier's inputs folder when picked, not at submit.
    const bench = await startBenchCore(sim, FAST_TUNING, join(work, 'core'), undefined, 'electron');
    const inputs = await Promise.all(files.map((path) => bench.core.handlers.stageInputFromPath({ path })));
    const curl: number[] = [];
    const ours: Awaited<ReturnType<typeof runOurs>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const who of i % 2 === 0 ? ['curl', 'ours'] : ['ours', 'curl']) {
        if (who === 'curl') curl.push(await runCurl(sim, files, join(work, `curl-${i}.json`)));
        else ours.push(await runOurs(bench, inputs));
      }
      console.log(
        `  run ${i + 1}: curl ${curl.at(-1)?.toFixed(3)} s, ours ${ours.at(-1)?.seconds.toFixed(3)} s`,
      );
    }
    await bench.core.stop();
    const uploads = (await sim.log()).filter((e) => e.path === '/v1/images/edits' && e.status === 200).length;
    const curlS = median(curl);
    const oursS = median(ours.map((o) => o.seconds));
    const growth = Math.max(...ours.map((o) => o.peakRss - o.baseRss)) / 2 ** 20;
    const peak = Math.max(...ours.map((o) => o.peakRss)) / 2 ** 20;
    const totalMiB = (IMAGES * MB * 1e6) / 2 ** 20;
    printTable('results (median)', [
      ['upload size', `${IMAGES} × ${MB} MB = ${totalMiB.toFixed(0)} MiB`],
      ['curl -F (s)', curlS.toFixed(3)],
      ['ours: submit → result on disk (s)', oursS.toFixed(3)],
      ['ratio ours / curl (time)', (oursS / curlS).toFixed(2)],
      ['throughput ours / curl (goal ≥ 0.95)', (curlS / oursS).toFixed(2)],
      ['load average (1 min) before / after', `${loadBefore.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`],
      ['our peak RSS (MiB)', peak.toFixed(0)],
      [
        'our peak RSS growth during upload (MiB)',
        `${growth.toFixed(1)} (per run: ${ours.map((o) => ((o.peakRss - o.baseRss) / 2 ** 20).toFixed(0)).join(', ')})`,
      ],
      ['edits answered 200 by the simulator', `${uploads} of ${RUNS * 2}`],
    ]);
    printBenchResult('upload', {
      images: IMAGES,
      mbEach: MB,
      curlS: +curlS.toFixed(3),
      oursS: +oursS.toFixed(3),
      ratio: +(oursS / curlS).toFixed(2),
      throughputRatio: +(curlS / oursS).toFixed(2),
      load: `${loadBefore.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`,
      peakRssMiB: +peak.toFixed(0),
      rssGrowthMiB: +growth.toFixed(1),
    });
    if (uploads !== RUNS * 2) process.exitCode = 1;
  } finally {
    await sim.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
