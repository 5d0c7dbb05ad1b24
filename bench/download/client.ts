/**
 * The download bench's client process: downloads one URL with Atelier's `downloadFile` and exits, so the
 * bench can time the whole process side by side with `curl -s -o`. Bundled by run.ts with esbuild and run
 * with plain `node` (no TypeScript loader at start-up, as the app ships).
 *
 *   node client.mjs <url> <out> [wire|node-http|undici]
 *
 * The third argument picks the HTTP client (default: the app's own choice, the HTTP/1.1 reader).
 * Prints one JSON line: the download's own seconds (without process start), sha256, peak RSS growth
 * during the download (sampled every 10 ms plus the final figure), and the process's CPU seconds.
 */
import { downloadFile } from '../../src/core/downloads/download-file';
import type { Transport } from '../../src/core/downloads/transport';

const [url, out, client = 'wire'] = process.argv.slice(2);
if (!url || !out) throw new Error('usage: client <url> <out> [wire|node-http|undici]');
if (!['wire', 'node-http', 'undici'].includes(client)) throw new Error(`unknown client ${client}`);
// Loaded only when asked for: the default run must not pay for loading undici at start-up.
let transport: Transport | undefined;
if (client !== 'wire') {
  const clients = await import('./transports');
  transport = client === 'undici' ? clients.undiciTransport : clients.nodeHttpTransport;
}
const base = process.memoryUsage.rss();
let peak = base;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
const t0 = performance.now();
const outcome = await downloadFile({ url, tempPath: out, ...(transport ? { transport } : {}) });
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    seconds,
    sha256: outcome.sha256,
    size: outcome.size,
    rssGrowth: peak - base,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
