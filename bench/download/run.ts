/**
 * Download bench: Atelier's `downloadFile` vs `curl -s -o` on the same loopback file, WHOLE PROCESS against
 * whole process: each run spawns our client (bench/download/client.ts, bundled once with esbuild and run by
 * plain `node`, start-up included) and `curl`, alternating which goes first, and times each from spawn to
 * exit. The blob server runs in its own child process (serve-blob.ts).
 *
 *   npx tsx bench/download/run.ts [--mb 1024] [--runs 5]
 *
 * Prints one table: size, median whole-process time of each client, throughput ratio curl/ours (the goal:
 * ≥ 0.95), our download time without process start, our peak RSS growth during the download, the sha256
 * checks, and the load average before and after (the machine is shared).
 */
import { fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

/** Runs a command to its exit; resolves wall seconds from spawn to exit and what it printed. */
function timed(cmd: string, args: string[]): Promise<{ seconds: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - t0) / 1000, out })
        : reject(new Error(`${cmd} exit ${code}`)),
    );
  });
}

interface OursRun {
  /** Whole process: spawn to exit. */
  seconds: number;
  /** The download alone, as the client measured it. */
  downloadSeconds: number;
  sha256: string;
  rssGrowth: number;
}

async function runOurs(client: string, url: string, out: string): Promise<OursRun> {
  const { seconds, out: printed } = await timed(process.execPath, [client, url, out]);
  const r = JSON.parse(printed.trim().split('\n').at(-1) ?? '{}') as {
    seconds: number;
    sha256: string;
    rssGrowth: number;
  };
  return { seconds, downloadSeconds: r.seconds, sha256: r.sha256, rssGrowth: r.rssGrowth };
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
  const mb = arg('mb', 1024);
  const runs = Math.round(arg('runs', 5));
  const MiB = 1024 * 1024;
  const work = await mkdtemp(join(tmpdir(), 'atelier-bench-dl-'));
  const client = join(work, 'client.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./client.ts', import.meta.url))],
    outfile: client,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // undici (the readers bench's client) is CommonJS: give the ESM bundle a `require`.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  const child = fork(fileURLToPath(new URL('./serve-blob.ts', import.meta.url)), [String(mb)], {
    stdio: 'inherit',
  });
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const tGen = performance.now();
    const info = await new Promise<BlobInfo>((resolve, reject) => {
      child.once('message', (m) => resolve(m as BlobInfo));
      child.once('exit', (code) => reject(new Error(`blob server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${info.port}/blob.bin`;
    const cpu = cpus();
    console.log(
      `download bench: ${mb} MiB blob, whole process vs whole process (server child pid ${child.pid}, ready in ${((performance.now() - tGen) / 1000).toFixed(1)} s)`,
    );
    console.log(
      `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, node ${process.version}, ${await curlVersion()}, tmp ${tmpdir()}, load ${loadBefore.toFixed(1)}`,
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
          curlTimes.push((await timed('curl', ['-s', '-o', out, url])).seconds);
          curlSizeOk &&= (await stat(out)).size === info.size;
          if (i === 0) curlShaOk = (await sha256File(out)) === info.sha256;
        } else {
          ours.push(await runOurs(client, url, out));
        }
        await rm(out, { force: true });
      }
      const o = ours.at(-1);
      console.log(
        `  run ${i + 1}: curl ${curlTimes.at(-1)?.toFixed(3)} s, ours ${o?.seconds.toFixed(3)} s (download alone ${o?.downloadSeconds.toFixed(3)} s)`,
      );
    }

    const curlS = median(curlTimes);
    const oursS = median(ours.map((r) => r.seconds));
    const oursDownloadS = median(ours.map((r) => r.downloadSeconds));
    const rssMax = Math.max(...ours.map((r) => r.rssGrowth));
    const shaOk = ours.every((r) => r.sha256 === info.sha256);
    const loadAfter = loadavg()[0] ?? 0;
    const throughput = curlS / oursS;
    const rows: Array<[string, string]> = [
      ['MB (MiB)', String(mb)],
      ['curl s, whole process (median)', curlS.toFixed(3)],
      ['ours s, whole process (median)', oursS.toFixed(3)],
      ['ours s, download alone (median)', oursDownloadS.toFixed(3)],
      ['curl MB/s', (info.size / MiB / curlS).toFixed(0)],
      ['ours MB/s', (info.size / MiB / oursS).toFixed(0)],
      ['throughput ours/curl (goal ≥ 0.95)', throughput.toFixed(2)],
      ['time ratio ours/curl', (oursS / curlS).toFixed(2)],
      ['peak RSS growth during download (ours)', `${(rssMax / MiB).toFixed(1)} MiB`],
      ['sha256 ours == blob', shaOk ? 'yes' : 'NO'],
      [
        'curl file == blob',
        `${curlSizeOk ? 'size ok' : 'SIZE WRONG'}, sha ${curlShaOk ? 'ok' : 'NO'} (run 1)`,
      ],
      ['load average (1 min) before / after', `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`],
    ];
    const w = Math.max(...rows.map(([k]) => k.length));
    console.log('');
    console.log(`| ${'metric'.padEnd(w)} | value`);
    console.log(`|${'-'.repeat(w + 2)}|------`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v}`);
    console.log(`\nblob sha256 ${info.sha256}`);
    const result = {
      name: 'download',
      mb,
      curlS: +curlS.toFixed(3),
      oursS: +oursS.toFixed(3),
      oursDownloadS: +oursDownloadS.toFixed(3),
      curlMBps: Math.round(info.size / MiB / curlS),
      oursMBps: Math.round(info.size / MiB / oursS),
      throughputRatio: +throughput.toFixed(2),
      ratio: +(oursS / curlS).toFixed(2),
      rssGrowthMiB: +(rssMax / MiB).toFixed(1),
      sha256Ok: shaOk,
      load: `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`,
    };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
    if (!shaOk || !curlSizeOk) process.exitCode = 1;
  } finally {
    child.disconnect();
    child.kill();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
