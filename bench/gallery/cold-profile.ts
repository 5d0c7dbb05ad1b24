/**
 * Where a cold first paint goes (a fresh browser context: empty HTTP and code caches): `npx electron-vite
 * build && npx tsx bench/gallery/cold-profile.ts [--tasks 10000] [--runs 1] [--renderer dir]`. Per run, the
 * page's timeline (paint-probe.ts) and a V8 CPU profile of the load until the paint, summarised as self time
 * per script file and per function (a `NO_MINIFY=1` build names them). Profiling slows the page; the
 * shares, not the absolute times, are the point.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startGalleryApp } from '../../e2e/support/gallery-app';
import { measureLoad } from '../../e2e/support/paint-probe';
import { coldProbedPage, launchBenchBrowser } from './bench-browser';
import { copyTemplate, ensureTemplate } from './seed-cache';

const { values: args } = parseArgs({
  options: {
    tasks: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '1' },
    renderer: { type: 'string' },
    top: { type: 'string', default: '30' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = (url: string): string =>
  url ? (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '.js') : '(native)';

/** Self time (ms) per key, from the samples taken up to `untilUs` (profile clock). */
function selfTimes(p: Profile, key: (n: ProfileNode) => string, untilUs: number): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t > untilUs) break;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const n = byId.get(p.samples[i]!);
    if (!n) continue;
    const k = key(n);
    out.set(k, (out.get(k) ?? 0) + dt);
  }
  return out;
}

const table = (m: Map<string, number>, top: number): string =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`)
    .join('\n');

async function main(): Promise<void> {
  const template = ensureTemplate(Number(args.tasks), 11);
  const app = await startGalleryApp((dir) => copyTemplate(template, dir), {
    ...(args.renderer ? { rendererDir: resolve(args.renderer) } : {}),
  });
  const browser = await launchBenchBrowser();
  try {
    await app.core.handlers.updatePreferences({ theme: 'dark' });
    for (let r = 0; r < Number(args.runs); r++) {
      const { context: ctx, page } = await coldProbedPage(browser);
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
      const f = await measureLoad(page, app.url);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      // The profile starts just before the navigation (its clock is not the page's): samples up to `paint` ms
      // after its start are the ones before the paint, give or take the navigation's first few ms.
      const until = profile.startTime + f.paint * 1000;
      if (process.env.KEEP_PROFILE)
        writeFileSync(`${process.env.KEEP_PROFILE}-${r + 1}.cpuprofile`, JSON.stringify(profile));
      const calls = f.calls
        .map((c) => `${c.method} ${c.sent.toFixed(0)}→${c.answered?.toFixed(0) ?? '…'}`)
        .join(', ');
      console.log(
        `\nrun ${r + 1}: html ${f.html.toFixed(0)} ws ${f.wsCreated?.toFixed(0)}/${f.wsOpen?.toFixed(0)} tile ${f.firstTile.toFixed(0)} paint ${f.paint.toFixed(0)} | ${calls}`,
      );
      console.log(
        `self time by script (until the paint):\n${table(
          selfTimes(profile, (n) => file(n.callFrame.url), until),
          12,
        )}`,
      );
      console.log(
        `self time by function:\n${table(
          selfTimes(
            profile,
            (n) =>
              `${n.callFrame.functionName || '(anonymous)'} ${file(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
            until,
          ),
          Number(args.top),
        )}`,
      );
      await ctx.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
