/**
 * The figures of issue 31's table, each beside its goal, from one `npm run bench` run. Read by run-all.ts
 * from the benches' `BENCH_RESULT` lines; a figure whose bench did not run (or printed nothing) says so.
 */
type Figures = Record<string, unknown>;

export interface GoalRow {
  figure: string;
  value: string;
  goal: string;
  /** null: not measured in this run. */
  met: boolean | null;
}

const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const fmt = (v: number | null, digits = 2): string => (v === null ? '–' : String(Number(v.toFixed(digits))));

function row(
  figure: string,
  value: number | null,
  goal: string,
  ok: (v: number) => boolean,
  text?: string,
): GoalRow {
  return {
    figure,
    value: value === null ? 'not measured' : (text ?? fmt(value)),
    goal,
    met: value === null ? null : ok(value),
  };
}

/**
 * The goal rows. `cpu` is the machine's CPU model, printed beside the download ratio (the ratio depends on
 * it: without SHA extensions the sha256 alone is slower than curl's whole download on loopback).
 */
export function goalRows(results: Record<string, Figures | null>, cpu: string): GoalRow[] {
  const dl = results.download ?? {};
  const up = results.upload ?? {};
  const poll = results.poll ?? {};
  const gal = results.gallery ?? {};
  const million = results['gallery-1m'] ?? {};
  const store1m = results['store-1m'] ?? {};
  const ratio = n(dl.throughputRatio);
  const rows: GoalRow[] = [
    row(
      `download ${fmt(n(dl.mb), 0)} MiB, throughput ours / curl -s -o (same run; CPU: ${cpu})`,
      ratio,
      '≥ 0.95×',
      (v) => v >= 0.95,
      `${fmt(ratio)}× (${fmt(n(dl.oursMBps), 0)} vs ${fmt(n(dl.curlMBps), 0)} MB/s)`,
    ),
    row('upload 16 × 8 MB, ours / curl -F', n(up.throughputRatio), '≥ 0.95×', (v) => v >= 0.95),
    row('status polls per completed task', n(poll.enginePollsPerTask), '≤ 1.15', (v) => v <= 1.15),
    row(
      'mean detection delay (naive beside it)',
      n(poll.engineDetectMeanS),
      '≤ 1.5 s',
      (v) => v <= 1.5,
      `${fmt(n(poll.engineDetectMeanS))} s (naive ${fmt(n(poll.naiveDetectMeanS))} s)`,
    ),
    row('client CPU per task, engine / naive', n(poll.cpuRatio), '≤ 1.0×', (v) => v <= 1.0),
    row(
      'gallery first paint, 10,000 tasks, median',
      n(gal.paint10kMedianMs),
      '< 250 ms',
      (v) => v < 250,
      `${fmt(n(gal.paint10kMedianMs), 0)} ms reloaded (opened from its link: kept screen ${fmt(n(gal.paint10kLinkKeptMedianMs), 0)} ms, React ${fmt(n(gal.paint10kLinkMedianMs), 0)} ms)`,
    ),
    // The first frame with the gallery's tiles: the kept screen when there is one, React's otherwise.
    row(
      'gallery first paint, fresh browser context (cold)',
      n(gal.paint10kColdKeptMedianMs) ?? n(gal.paint10kColdMedianMs),
      '< 300 ms',
      (v) => v < 300,
      `${fmt(n(gal.paint10kColdKeptMedianMs), 0)} ms kept screen (React ${fmt(n(gal.paint10kColdMedianMs), 0)} ms)`,
    ),
    row('search keystroke → results rendered, median', n(gal.searchMedianMs), '< 120 ms', (v) => v < 120),
    row(
      'scroll fling 200 px/frame: frames over 34 ms (p95)',
      n(gal.scrollFlingOver34),
      '0 (p95 ≤ 33 ms)',
      (v) => v === 0 && (n(gal.scrollFlingP95Ms) ?? Infinity) <= 33,
      `${fmt(n(gal.scrollFlingOver34), 0)} (p95 ${fmt(n(gal.scrollFlingP95Ms), 1)} ms)`,
    ),
  ];
  const paint1m = n(million.paint1000kMedianMs);
  const search1m = n(store1m.searchWorstMs);
  const start1m = n(store1m.coreStartMs);
  const all1m = paint1m !== null && search1m !== null && start1m !== null;
  rows.push({
    figure: '1,000,000 tasks: first paint / search / core start (on demand: --million)',
    value: all1m ? `${fmt(paint1m, 0)} / ${fmt(search1m)} / ${fmt(start1m, 1)} ms` : 'not measured',
    goal: '< 300 / < 20 / < 50 ms',
    met: all1m ? paint1m < 300 && search1m < 20 && start1m < 50 : null,
  });
  return rows;
}

/** The goal table as Markdown lines. */
export function goalTable(rows: GoalRow[]): string[] {
  const mark = (m: boolean | null): string => (m === null ? '–' : m ? 'met' : 'NOT MET');
  return [
    '| figure | value | goal | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.figure} | ${r.value} | ${r.goal} | ${mark(r.met)} |`),
  ];
}
