/** The shortest gap between two passes that later times asked for (see {@link Scheduler.run}). */
export const COALESCE_MS = 25;

/**
 * The engine's timer: one pending pass at a time, at the soonest time anyone asked for; later times asked
 * meanwhile are kept and served in turn, at most {@link COALESCE_MS} apart. The work of a pass is injected (`pass`, which answers when the next pass is due at the latest). `stop` aborts the one
 * controller whose signal the engine's work watches (downloads, resumes, late passes).
 */
export class Scheduler {
  private readonly life = new AbortController();
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  /** When the pending pass runs (engine clock), Infinity when none is pending. */
  private timerAt = Number.POSITIVE_INFINITY;
  /**
   * Later times asked for while a sooner pass was pending (a min-heap). One timer serves them all, so each
   * is kept until a pass runs at or after it: a poll planned for 8.2 s, asked while a pass was pending at
   * 8.1 s, is not left to the idle pass a second later (issue 31: detection was about 1 s late for that).
   */
  private readonly later: number[] = [];

  constructor(
    private readonly deps: {
      now: () => number;
      /** One pass; answers when the next one is due at the latest (engine clock). */
      pass: () => number;
    },
  ) {}

  /** Aborted at stop: work in flight stops starting new work. */
  get signal(): AbortSignal {
    return this.life.signal;
  }

  get running(): boolean {
    return this.started && !this.life.signal.aborted;
  }

  start(): void {
    this.started = true;
    this.wakeAt(this.deps.now());
  }

  stop(): void {
    this.life.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Runs a pass at `at` unless one is already due sooner. Every planned poll calls this, so a poll starts
   * when it is due instead of at the next idle pass.
   */
  wakeAt(at: number): void {
    if (!this.running) return;
    if (this.timer && this.timerAt <= at) {
      if (at > this.timerAt) pushHeap(this.later, at);
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      pushHeap(this.later, this.timerAt);
    }
    this.timerAt = at;
    this.timer = setTimeout(() => this.run(), Math.max(0, at - this.deps.now()));
    this.timer.unref?.();
  }

  /** How many later times wait for a pass (tests: the heap does not grow without bound). */
  get pendingTimes(): number {
    return this.later.length;
  }

  private run(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (!this.running) return;
    const started = this.deps.now();
    const next = this.deps.pass();
    // This pass saw what was due when it began: only the times asked up to then are served. A time that came
    // due while the pass ran (a slow pass, a busy machine) keeps its own pass; dropped, its poll waited for
    // the idle pass (seen in CI: 4.3 s late with idle passes 5 s apart).
    while (this.later.length > 0 && (this.later[0] ?? 0) <= started) popHeap(this.later);
    const now = this.deps.now();
    // Times close together share one pass: a poll is at most COALESCE_MS late, and a thousand polls planned
    // within a second cost tens of passes, not a thousand.
    const soonest = this.later[0];
    this.wakeAt(Math.min(next, soonest === undefined ? Number.POSITIVE_INFINITY : Math.max(soonest, now + COALESCE_MS)));
  }
}

function pushHeap(heap: number[], value: number): void {
  heap.push(value);
  let i = heap.length - 1;
  while (i > 0) {
    const up = (i - 1) >> 1;
    if ((heap[up] ?? 0) <= value) break;
    heap[i] = heap[up] ?? 0;
    i = up;
  }
  heap[i] = value;
}

function popHeap(heap: number[]): void {
  const last = heap.pop();
  if (last === undefined || heap.length === 0) return;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= heap.length) break;
    const r = l + 1;
    const c = r < heap.length && (heap[r] ?? 0) < (heap[l] ?? 0) ? r : l;
    if ((heap[c] ?? 0) >= last) break;
    heap[i] = heap[c] ?? 0;
    i = c;
  }
  heap[i] = last;
}
