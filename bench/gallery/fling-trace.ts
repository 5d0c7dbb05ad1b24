/**
 * Where a fling's long frames go: `npx tsx bench/gallery/fling-trace.ts [--renderer <dir>] [--tasks 10000]`.
 * Loads the gallery, then traces one 200 px/frame fling of 4 s and prints the busiest threads (main, raster,
 * compositor, media), the main thread's time by event, and for each frame over 34 ms the main thread's
 * top-level tasks in it with their longest inner events (long-frames.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openLoadedGallery, type TraceEvent } from './bench-browser';
import { scrollFrames } from './interactions';
import { describeLongFrames, longFrames } from './long-frames';

const { values: args } = parseArgs({
  options: {
    renderer: { type: 'string', default: 'out/renderer' },
    tasks: { type: 'string', default: '10000' },
    ms: { type: 'string', default: '4000' },
    /** No trace: frame times, the host process's CPU (core, its thumbnail maker) and thumbnails made. */
    'no-trace': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
  },
});
async function main(): Promise<void> {
  const { app, browser, page } = await openLoadedGallery(Number(args.tasks), resolve(args.renderer!));
  try {
    await page.getByTestId('view-grid').click();
    const thumbs = () => (existsSync(join(app.dataDir, 'thumbs')) ? readdirSync(join(app.dataDir, 'thumbs')).length : 0);
    if (args['no-trace']) {
      for (let i = 0; i < Number(args.rounds); i++) {
        const [n0, c0] = [thumbs(), process.cpuUsage()];
        const f = await scrollFrames(page, 'gallery-grid', 200, Number(args.ms));
        const c = process.cpuUsage(c0);
        const sorted = [...f.deltas].sort((a, b) => a - b);
        console.log(`fling: ${f.deltas.length} frames, > 34 ms: ${f.deltas.filter((d) => d > 34).length}, p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)} ms; host CPU ${((c.user + c.system) / 1000).toFixed(0)} ms, thumbnails made ${thumbs() - n0}, tasks loaded ${f.loaded}`);
      }
      return;
    }
    const file = join(mkdtempSync(join(tmpdir(), 'atelier-fling-')), 'trace.json');
    await browser.startTracing(page, {
      path: file,
      categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel'],
    });
    const t0 = await page.evaluate(() => performance.timeOrigin + performance.now());
    const f = await scrollFrames(page, 'gallery-grid', 200, Number(args.ms));
    await browser.stopTracing();
    const sorted = [...f.deltas].sort((a, b) => a - b);
    console.log(`fling: ${f.deltas.length} frames, > 34 ms: ${f.deltas.filter((d) => d > 34).length}, p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)} ms; trace ${file} (page t0 ${t0.toFixed(0)})`);
    const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    const names = new Map<string, string>();
    for (const e of traceEvents) if (e.name === 'thread_name') names.set(`${e.pid}/${e.tid}`, e.args?.name ?? '?');
    const main = [...names].find(([, n]) => n === 'CrRendererMain')?.[0];
    const byThread = new Map<string, number>();
    for (const e of traceEvents)
      if (e.ph === 'X' && e.dur && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
        byThread.set(`${e.pid}/${e.tid}`, (byThread.get(`${e.pid}/${e.tid}`) ?? 0) + e.dur / 1000);
    console.log('busy per thread (RunTask):');
    for (const [k, v] of [...byThread].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${(names.get(k) ?? k).padEnd(30)} ${v.toFixed(0)} ms`);
    const evs = traceEvents.filter((e) => `${e.pid}/${e.tid}` === main && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const sums = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const e of evs) {
      while (stack.length && e.ts >= stack.at(-1)!.ts + stack.at(-1)!.dur!) stack.pop();
      if (stack.length <= 3) sums.set(`${'  '.repeat(stack.length)}${e.name}`, (sums.get(`${'  '.repeat(stack.length)}${e.name}`) ?? 0) + e.dur! / 1000);
      stack.push(e);
    }
    console.log('main thread, by name and depth (≤3):');
    for (const [k, v] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${k.padEnd(50)} ${v.toFixed(0)} ms`);
    const [pid, tid] = (main ?? '0/0').split('/').map(Number);
    const long = longFrames(traceEvents, { pid: pid!, tid: tid! });
    console.log(`frames over 34 ms in the trace (${long.length}), with the main thread's tasks over 4 ms in each:\n${describeLongFrames(long)}`);
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
