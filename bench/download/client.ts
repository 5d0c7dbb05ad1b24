/**
 * The download bench's client process: downloads one URL with Atelier's `downloadFile` and exits, so the
 * bench can time the whole process side by side with `curl -s -o`. Bundled by run.ts with esbuild and run
 * with plain `node` (no TypeScript loader at start-up, as the app ships).
 *
 *   node client.mjs <url> <out>
 *
 * Prints one JSON line: the download's own seconds (without process start), sha256, peak RSS growth
 * during the download (sampled every 10 ms plus the final figure) and the transport used.
 */
import { downloadFile } from '../../src/core/downloads/download-file';

const [url, out] = process.argv.slice(2);
if (!url || !out) throw new Error('usage: client <url> <out>');
const base = process.memoryUsage.rss();
let peak = base;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
const t0 = performance.now();
const outcome = await downloadFile({ url, tempPath: out });
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
console.log(JSON.stringify({ seconds, sha256: outcome.sha256, size: outcome.size, rssGrowth: peak - base }));
