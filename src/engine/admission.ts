// Which turns are being answered: close waits for them, and background work (classifier warm-up) waits for a
// quiet moment between them.
import { UnavailableError } from '../errors/index.ts';

export class Admission {
  private inFlight = new Set<Promise<unknown>>();
  private lastTurnAt = -Infinity;
  private closingNow = false;

  get closing(): boolean {
    return this.closingNow;
  }

  /** Run one turn, counted as in flight; refused once closing started. */
  async admit<T>(work: () => Promise<T>): Promise<T> {
    if (this.closingNow) throw new UnavailableError('the server is shutting down; retry in a moment');
    this.lastTurnAt = performance.now();
    const running = work();
    this.inFlight.add(running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(running);
      this.lastTurnAt = performance.now();
    }
  }

  /** No turn in flight, and none came or went for `idleMs`. */
  quiet(idleMs: number): boolean {
    return this.inFlight.size === 0 && performance.now() - this.lastTurnAt >= idleMs;
  }

  /** Stop admitting turns and wait for the ones in flight. */
  async drain(): Promise<void> {
    this.closingNow = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
