/**
 * At most `limit` tasks run at once; the rest wait their turn in order. `peak` records the most
 * that ever ran together, which the upload tests read to prove the bound holds.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  peak = 0;

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never dips and lets two in.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
