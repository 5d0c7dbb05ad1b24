/**
 * Issue 31, "fewer parsers of our own": the same download (`downloadFile`, the same sink and hashing
 * worker) through three HTTP clients, side by side in one run, each as a whole process: the hand-written
 * HTTP/1.1 reader (`wire`), Node's `node:http`, and undici's `request`; `curl -s -o` beside them for scale.
 * The order rotates every run so the machine's load falls on all of them alike.
 *
 *   npx tsx bench/download/readers.ts [--mb 512] [--runs 5]
 *
 * Prints each client's median time, MB/s, process CPU seconds, and its throughput relative to the reader.
 */
import { fork, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const CLIENTS = ['wire', 'node-http', 'undici', 'curl'] as const;
type Client = (typeof CLIENTS)[number];

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

/** Bundles the bench client (undici is CommonJS: the ESM bundle gets a `require`). */
export async function buildClient(outfile: string): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('./client.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
}

async function main(): Promise<void> {
  const mb = arg('mb', 512);
  const runs = Math.round(arg('runs', 5));
  const work = await mkdtemp(join(tmpdir(), 'atelier-bench-readers-'));
  const client = join(work, 'client.mjs');
  await buildClient(client);
  const server = fork(fileURLToPath(new URL('./serve-blob.ts', import.meta.url)), [String(mb)], {
    stdio: 'inherit',
  });
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const info = await new Promise<{ port: number; size: number; sha256: string }>((resolve, reject) => {
      server.once('message', (m) => resolve(m as { port: number; size: number; sha256: string }));
      server.once('exit', (code) => reject(new Error(`blob server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${info.port}/blob.bin`;
    console.log(
      `readers bench: ${mb} MiB, ${runs} rotating runs; ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadBefore.toFixed(1)}`,
    );
    const seconds: Record<Client, number[]> = { wire: [], 'node-http': [], undici: [], curl: [] };
    const cpu: Record<Client, number[]> = { wire: [], 'node-http': [], undici: [], curl: [] };
    /** The download alone, as the client timed it (without process start and module loading). */
    const alone: Record<Client, number[]> = { wire: [], 'node-http': [], undici: [], curl: [] };
    for (let i = 0; i < runs; i++) {
      const order = CLIENTS.map((_, k) => CLIENTS[(k + i) % CLIENTS.length] as Client);
      for (const who of order) {
        const out = join(work, `${who}.bin`);
        if (who === 'curl') seconds.curl.push((await timed('curl', ['-s', '-o', out, url])).seconds);
        else {
          const r = await timed(process.execPath, [client, url, out, who]);
          const printed = JSON.parse(r.out.trim().split('\n').at(-1) ?? '{}') as {
            sha256: string;
            cpuSeconds: number;
            seconds: number;
          };
          if (printed.sha256 !== info.sha256) throw new Error(`${who}: wrong sha256`);
          seconds[who].push(r.seconds);
          cpu[who].push(printed.cpuSeconds);
          alone[who].push(printed.seconds);
        }
        await rm(out, { force: true });
      }
      console.log(
        `  run ${i + 1}: ${order.map((w) => `${w} ${seconds[w].at(-1)?.toFixed(3)} s`).join(', ')}`,
      );
    }
    const wire = median(seconds.wire);
    const wireAlone = median(alone.wire);
    const MiB = 1 << 20;
    console.log(
      '\n| client | whole process s | MB/s | vs wire | download alone s | vs wire | CPU s (all threads) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const result: Record<string, number | string> = { name: 'download-readers', mb };
    for (const who of CLIENTS) {
      const s = median(seconds[who]);
      const a = who === 'curl' ? NaN : median(alone[who]);
      const c = who === 'curl' ? NaN : median(cpu[who]);
      const dash = (v: number, d: number): string => (Number.isNaN(v) ? '–' : v.toFixed(d));
      console.log(
        `| ${who} | ${s.toFixed(3)} | ${(info.size / MiB / s).toFixed(0)} | ${(wire / s).toFixed(3)} | ${dash(a, 3)} | ${dash(wireAlone / a, 3)} | ${dash(c, 2)} |`,
      );
      result[`${who}S`] = +s.toFixed(3);
      result[`${who}VsWire`] = +(wire / s).toFixed(3);
      if (who !== 'curl') result[`${who}AloneVsWire`] = +(wireAlone / a).toFixed(3);
    }
    result.load = `${loadBefore.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`;
    console.log(`load average (1 min) before / after: ${result.load}`);
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    server.disconnect();
    server.kill();
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
