/**
 * Counts the handlers a bus is running, so that drain can wait for them. Handlers call `start()`
 * and `finish()` inside their own async function: no `.finally()` chain on their promises (two more
 * promises for every request).
 */
export class InFlight {
  #running = 0;
  #waiters: (() => void)[] = [];

  start(): void {
    this.#running += 1;
  }

  finish(): void {
    this.#running -= 1;
    if (this.#running === 0 && this.#waiters.length) for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves once nothing is running (at once when nothing is). */
  async idle(): Promise<void> {
    while (this.#running > 0) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
}
