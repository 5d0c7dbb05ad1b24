/**
 * One intent, one submission: the first call with a key runs; every call with the same key while it runs, or
 * after it answered, gets that same answer (the first task), never a second submission to the gateway.
 * A call that was refused (nothing accepted, nothing charged) forgets its key, so the user can try again.
 * Keys live in memory for `ttlMs` (a double click, a retried bridge call), at most `max` of them.
 */
export class IdempotentSubmits<T> {
  readonly #entries = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 500,
  ) {}

  run(key: string, submit: () => Promise<T>): Promise<T> {
    this.#prune();
    const known = this.#entries.get(key);
    if (known) return known.answer;
    const answer = submit();
    this.#entries.set(key, { at: this.now(), answer });
    answer.catch(() => {
      if (this.#entries.get(key)?.answer === answer) this.#entries.delete(key);
    });
    return answer;
  }

  #prune(): void {
    const horizon = this.now() - this.ttlMs;
    for (const [key, entry] of this.#entries) {
      if (entry.at >= horizon && this.#entries.size <= this.max) break;
      this.#entries.delete(key);
    }
  }
}
