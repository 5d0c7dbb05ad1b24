/**
 * Download bench: Atelier's `downloadFile` vs `curl -s -o` on the same loopback file, side by side in one
 * run. The blob server runs in a child process (serve-blob.ts) so neither client shares its event loop.
 *
 *   npx tsx bench/download/run.ts [--mb 512] [--runs 3]
 *
 * Prints one table: size, median wall time of each client (alternating runs), throughput, ratio
 * ours/curl, peak RSS and ArrayBuffer growth of this process during our downloads, and whether our
 * sha256 (and curl's file) match the server's blob.
 */
import { fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadFile } from '../../src/core/downloads/index';

interface BlobInfo {
  port: number;
  size: number;
  sha256: string;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) h.update(chunk as Buffer);
  return h.digest('hex');
}

function runCurl(url: string, out: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn('curl', ['-s', '-o', out, url], { stdio: 'ignore' });
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`curl exit ${code}`)),
    );
  });
}

interface OursRun {
  seconds: number;
  sha256: string;
  rssGrowth: number;
  abGrowth: number;
  progressCalls: number;
}

async function runOurs(url: string, out: string): Promise<OursRun> {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakAb = base.arrayBuffers;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.arrayBuffers > peakAb) peakAb = m.arrayBuffers;
  }, 20);
  let progressCalls = 0;
  const t0 = performance.now();
  try {
    const outcome = await downloadFile({ url, tempPath: out, onProgress: () => (progressCalls += 1) });
    const seconds = (performance.now() - t0) / 1000;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakAb = Math.max(peakAb, m.arrayBuffers);
    return {
      seconds,
      sha256: outcome.sha256,
      rssGrowth: peakRss - base.rss,
      abGrowth: peakAb - base.arrayBuffers,
      progressCalls,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function curlVersion(): Promise<string> {
  return new Promise((resolve) => {
    const p = spawn('curl', ['--version']);
    let s = '';
    p.stdout.on('data', (d: Buffer) => (s += d.toString()));
    p.on('close', () => resolve(s.split('\n')[0]?.split(' ').slice(0, 2).join(' ') ?? 'curl'));
    p.on('error', () => resolve('curl (missing)'));
  });
}

async function main(): Promise<void> {
  const mb = arg('mb', 512);
  const runs = Math.round(arg('runs', 3));
  const MiB = 1024 * 1024;
  const work = await mkdtemp(join(tmpdir(), 'atelier-bench-dl-'));
  const child = fork(fileURLToPath(new URL('./serve-blob.ts', import.meta.url)), [String(mb)], {
    stdio: 'inherit',
  });
  try {
    const tGen = performance.now();
    const info = await new Promise<BlobInfo>((resolve, reject) => {
      child.once('message', (m) => resolve(m as BlobInfo));
      child.once('exit', (code) => reject(new Error(`blob server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${info.port}/blob.bin`;
    const cpu = cpus();
    console.log(
      `download bench: ${mb} MiB blob (server child pid ${child.pid}, ready in ${((performance.now() - tGen) / 1000).toFixed(1)} s)`,
    );
    console.log(
      `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, node ${process.version}, ${await curlVersion()}, tmp ${tmpdir()}`,
    );

    const curlTimes: number[] = [];
    const ours: OursRun[] = [];
    let curlSizeOk = true;
    let curlShaOk: boolean | null = null;
    for (let i = 0; i < runs; i++) {
      // Alternate which client goes first so page-cache and writeback effects fall on both.
      const order: Array<'curl' | 'ours'> = i % 2 === 0 ? ['curl', 'ours'] : ['ours', 'curl'];
      for (const who of order) {
        const out = join(work, `${who}-${i}.bin`);
        if (who === 'curl') {
          curlTimes.push(await runCurl(url, out));
          curlSizeOk &&= (await stat(out)).size === info.size;
          if (i === 0) curlShaOk = (await sha256File(out)) === info.sha256;
        } else {
          ours.push(await runOurs(url, out));
        }
        await rm(out, { force: true });
      }
      console.log(
        `  run ${i + 1}: curl ${curlTimes.at(-1)?.toFixed(3)} s, ours ${ours.at(-1)?.seconds.toFixed(3)} s`,
      );
    }

    const curlS = median(curlTimes);
    const oursS = median(ours.map((r) => r.seconds));
    const rssMax = Math.max(...ours.map((r) => r.rssGrowth));
    const abMax = Math.max(...ours.map((r) => r.abGrowth));
    const shaOk = ours.every((r) => r.sha256 === info.sha256);
    const rows: Array<[string, string]> = [
      ['MB (MiB)', String(mb)],
      ['curl s (median)', curlS.toFixed(3)],
      ['ours s (median)', oursS.toFixed(3)],
      ['curl MB/s', (info.size / MiB / curlS).toFixed(0)],
      ['ours MB/s', (info.size / MiB / oursS).toFixed(0)],
      ['ratio ours/curl (time)', (oursS / curlS).toFixed(2)],
      ['peak RSS growth (ours)', `${(rssMax / MiB).toFixed(1)} MiB`],
      ['peak arrayBuffers growth', `${(abMax / MiB).toFixed(1)} MiB`],
      ['progress events / run', String(Math.round(median(ours.map((r) => r.progressCalls))))],
      ['sha256 ours == blob', shaOk ? 'yes' : 'NO'],
      [
        'curl file == blob',
        `${curlSizeOk ? 'size ok' : 'SIZE WRONG'}, sha ${curlShaOk ? 'ok' : 'NO'} (run 1)`,
      ],
    ];
    const w = Math.max(...rows.map(([k]) => k.length));
    console.log('');
    console.log(`| ${'metric'.padEnd(w)} | value`);
    console.log(`|${'-'.repeat(w + 2)}|------`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v}`);
    console.log(`\nblob sha256 ${info.sha256}`);
    console.log(`BENCH_RESULT ${JSON.stringify({ name: 'download', mb, curlS: +curlS.toFixed(3), oursS: +oursS.toFixed(3), curlMBps: Math.round(info.size / MiB / curlS), oursMBps: Math.round(info.size / MiB / oursS), ratio: +(oursS / curlS).toFixed(2), rssGrowthMiB: +(rssMax / MiB).toFixed(1), sha256Ok: shaOk })}`);
    if (!shaOk || !curlSizeOk) process.exitCode = 1;
  } finally {
    child.disconnect();
    child.kill();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
