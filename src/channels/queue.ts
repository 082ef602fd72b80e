// Jobs of one conversation run one at a time, in the order they arrived; different conversations run
// concurrently. `whenIdle()` resolves once nothing is queued or running (tests, graceful shutdown).

export class SerialQueue {
  private tails = new Map<string, Promise<void>>();
  private running = new Set<Promise<void>>();

  constructor(private onError: (key: string, err: unknown) => void = () => {}) {}

  enqueue(key: string, job: () => Promise<void>): Promise<void> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(job).catch((err) => this.onError(key, err));
    this.tails.set(key, next);
    this.running.add(next);
    void next.finally(() => {
      this.running.delete(next);
      if (this.tails.get(key) === next) this.tails.delete(key);
    });
    return next;
  }

  /** Jobs queued or running. */
  get size(): number {
    return this.running.size;
  }

  async whenIdle(): Promise<void> {
    // Jobs may enqueue more jobs (an operator reply during a turn): wait until none are left.
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
