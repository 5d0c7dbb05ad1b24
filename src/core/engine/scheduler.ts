/**
 * The engine's timer: one pending pass at a time, at the soonest time anyone asked for. The work of a
 * pass is injected (`pass`, which answers when the next pass is due at the latest). `stop` aborts the one
 * controller whose signal the engine's work watches (downloads, resumes, late passes).
 */
export class Scheduler {
  private readonly life = new AbortController();
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  /** When the pending pass runs (engine clock), Infinity when none is pending. */
  private timerAt = Number.POSITIVE_INFINITY;

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
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.run(), Math.max(0, at - this.deps.now()));
    this.timer.unref?.();
  }

  private run(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (!this.running) return;
    this.wakeAt(this.deps.pass());
  }
}
