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

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
