import { cpus, freemem, totalmem } from 'node:os';

/** The machine a figure was measured on: every bench prints it, the README quotes it. */
export function machine(): { cpu: string; cores: number; memoryGiB: number; node: string; platform: string } {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export const machineLine = (): string => {
  const m = machine();
  return `machine: ${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB (${Math.round(freemem() / 2 ** 30)} GiB free), node ${m.node}, ${m.platform}`;
};

/** The last line of every bench: `BENCH_RESULT {json}`, parsed by bench/run-all.ts. */
export function printBenchResult(
  name: string,
  figures: Record<string, number | string | boolean | null>,
): void {
  console.log(`BENCH_RESULT ${JSON.stringify({ name, ...figures })}`);
}

/** Prints a two-column table. */
export function printTable(title: string, rows: [string, string][]): void {
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
}

/** Samples RSS every `everyMs` until stopped; returns the peak. */
export function rssSampler(everyMs = 25): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}
