/**
 * The upload path alone: core's `gatewayRequest` with a multipart body (files streamed from disk over
 * node:http) vs `curl -F` (its process start included), both to a server in another process that only
 * drains the body and answers `{}`. No engine, no simulator work: what the wire costs.
 *
 *   npx tsx bench/upload/wire.ts [--mb 8] [--images 16] [--runs 5]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gatewayRequest } from '../../src/core/gateway/http';
import { systemHttpClient } from '../../src/core/http/system-http-client';
import { machineLine, printBenchResult } from '../../reliability/support/report';

const { values: cli } = parseArgs({
  options: {
    mb: { type: 'string', default: '8' },
    images: { type: 'string', default: '16' },
    runs: { type: 'string', default: '5' },
  },
});
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const DRAIN = `require('http').createServer((q, r) => { q.resume(); q.on('end', () => r.end('{}')); })
  .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-upwire-'));
  const files = Array.from({ length: Number(cli.images) }, (_, i) => {
    const path = join(dir, `f${i}.png`);
    writeFileSync(path, randomBytes(Number(cli.mb) * 1e6));
    return path;
  });
  const server = spawn(process.execPath, ['-e', DRAIN], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((r) =>
      server.stdout.once('data', (d: Buffer) => r(Number(String(d).trim()))),
    );
    const base = `http://127.0.0.1:${port}`;
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    };
    const target = { baseUrl: base, apiKey: 'k', vendor: 'openai', gatewayAuthHeader: 'Authorization' };
    const multipart = {
      fields: [
        ['model', 'x'],
        ['prompt', 'p'],
      ] as Array<[string, string]>,
      files: files.map((path) => ({ name: 'image[]', path, filename: 'a.png', type: 'image/png' })),
    };
    const ours = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await gatewayRequest(
        target,
        { method: 'POST', path: '/v1/images/edits', body: { multipart } },
        {
          http: systemHttpClient(),
          now: Date.now,
          log,
        },
      );
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      return (performance.now() - t0) / 1000;
    };
    const curl = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const args = ['-s', '-f', '-o', '/dev/null', '-F', 'model=x', '-F', 'prompt=p'];
        for (const f of files) args.push('-F', `image[]=@${f};type=image/png`);
        const t0 = performance.now();
        spawn('curl', [...args, `${base}/v1/images/edits`]).on('close', (code) =>
          code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`curl exit ${code}`)),
        );
      });
    console.log(
      `upload wire bench: ${cli.images} × ${cli.mb} MB, ours vs curl -F, ${cli.runs} alternating runs`,
    );
    console.log(machineLine());
    const load = loadavg()[0] ?? 0;
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < Number(cli.runs); i++) {
      if (i % 2) {
        a.push(await ours());
        b.push(await curl());
      } else {
        b.push(await curl());
        a.push(await ours());
      }
      console.log(`  run ${i + 1}: curl ${b.at(-1)?.toFixed(3)} s, ours ${a.at(-1)?.toFixed(3)} s`);
    }
    const oursS = median(a);
    const curlS = median(b);
    console.log(
      `median: ours ${oursS.toFixed(3)} s, curl ${curlS.toFixed(3)} s, throughput ours/curl ${(curlS / oursS).toFixed(2)}`,
    );
    printBenchResult('upload-wire', {
      oursS: +oursS.toFixed(3),
      curlS: +curlS.toFixed(3),
      throughputRatio: +(curlS / oursS).toFixed(2),
      load: `${load.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`,
    });
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
