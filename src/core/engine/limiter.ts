/** A counting semaphore: at most `max()` holders at once, others wait in FIFO order. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: () => number) {}

  get inFlight(): number {
    return this.active;
  }

  get hasRoom(): boolean {
    return this.active < this.max();
  }

  /** Free places right now (0 when full). */
  get room(): number {
    return Math.max(0, this.max() - this.active);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    // A released place is handed straight to the oldest waiter (the count stays), so a caller arriving in
    // between cannot take it too and push the count past the cap.
    if (this.active >= this.max()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
