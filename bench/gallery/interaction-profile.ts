/**
 * Where a search keystroke and a fling spend the main thread: `NO_MINIFY=1 npx electron-vite build && npx tsx
 * bench/gallery/interaction-profile.ts [--renderer <dir>] [--tasks 10000] [--words 6] [--fling]`. A V8 CPU
 * profile (100 µs sampling) around the interactions, summed by function: self time, and inclusive time for
 * functions whose name looks like a component (capitalised) or a hook (`use…`), top 30 each.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openLoadedGallery, type TraceEvent } from './bench-browser';
import { clearSearch, scrollFrames, searchLatency } from './interactions';

const { values: args } = parseArgs({
  options: {
    renderer: { type: 'string', default: 'out/renderer' },
    tasks: { type: 'string', default: '10000' },
    words: { type: 'string', default: '6' },
    fling: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.tasks);
const WORDS = ['lighthouse', 'fox', 'teapot', 'neon', 'watercolor', 'astronaut', '灯塔', 'koi'];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summarise(p: Profile): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const selfBy = new Map<string, number>();
  const inclBy = new Map<string, number>();
  const label = (n: ProfileNode) => n.callFrame.functionName || `(anonymous ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber})`;
  let total = 0;
  for (const [id, ms] of self) {
    const n = byId.get(id)!;
    total += n.callFrame.functionName === '(idle)' ? 0 : ms;
    selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + ms);
    // Inclusive: each distinct name on the stack once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (seen.has(name) || !/^(use[A-Z]|[A-Z])/.test(name)) continue;
      seen.add(name);
      inclBy.set(name, (inclBy.get(name) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(([n]) => n !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([n, v]) => `  ${n.slice(0, 50).padEnd(50)} ${v.toFixed(1).padStart(8)} ms`)
      .join('\n');
  return `busy ${total.toFixed(0)} ms\nself:\n${top(selfBy)}\ninclusive (components, hooks):\n${top(inclBy)}`;
}

/** Time per event name on the renderer's main thread, counting only events not nested in another. */
function traceSummary(file: string): string {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return 'no renderer main thread';
  const evs = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const sums = new Map<string, number>();
  const nested = new Map<string, number>();
  let end = 0;
  let top = '';
  for (const e of evs) {
    if (e.ts >= end) {
      end = e.ts + e.dur!;
      top = e.name;
      sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur! / 1000);
    } else if (['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'FunctionCall', 'V8.GC_SCAVENGER', 'MajorGC', 'MinorGC', 'ParseHTML', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ScrollLayer', 'Decode Image'].includes(e.name)) {
      const k = `${top} > ${e.name}`;
      nested.set(k, (nested.get(k) ?? 0) + e.dur! / 1000);
    }
  }
  const fmt = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([n, v]) => `  ${n.slice(0, 60).padEnd(60)} ${v.toFixed(1).padStart(8)} ms`).join('\n');
  return `${fmt(sums)}\nnested (not exclusive):\n${fmt(nested)}`;
}

async function main(): Promise<void> {
  const { app, browser, page } = await openLoadedGallery(COUNT, resolve(args.renderer!));
  try {
    await searchLatency(page, 'warmup');
    await clearSearch(page, COUNT);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const times: number[] = [];
    for (const w of WORDS.slice(0, Number(args.words))) {
      times.push((await searchLatency(page, w)).ms);
      await clearSearch(page, COUNT);
    }
    const search = (await cdp.send('Profiler.stop')).profile as unknown as Profile;
    console.log(`search ms: ${times.map((t) => t.toFixed(0)).join(' ')} (each followed by a clear, also profiled)`);
    console.log(summarise(search));
    if (args.trace) {
      const file = join(mkdtempSync(join(tmpdir(), 'atelier-trace-')), 'trace.json');
      await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing'] });
      for (const w of WORDS.slice(0, 3)) {
        await searchLatency(page, w);
        await clearSearch(page, COUNT);
      }
      await scrollFrames(page, 'gallery-grid', 200, 2000);
      await browser.stopTracing();
      console.log(`trace (3 searches, 3 clears, a 2 s fling), main thread top-level events:\n${traceSummary(file)}`);
      if (process.env.KEEP_TRACE) console.log(`trace kept: ${file}`);
    }
    if (args.fling) {
      await cdp.send('Profiler.start');
      const f = await scrollFrames(page, 'gallery-grid', 200, 4000);
      const fling = (await cdp.send('Profiler.stop')).profile as unknown as Profile;
      const sorted = [...f.deltas].sort((a, b) => a - b);
      console.log(`\nfling: ${f.deltas.length} frames, > 34 ms: ${f.deltas.filter((d) => d > 34).length}, p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)} ms`);
      console.log(summarise(fling));
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
