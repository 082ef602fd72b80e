// Messages of one session are processed one at a time and in arrival order; different sessions run concurrently.
export class KeyedMutex {
  private tails = new Map<string, Promise<void>>();
  private waiting = new Map<string, number>();

  /** Number of holders plus waiters for `key`. */
  depth(key: string): number {
    return this.waiting.get(key) ?? 0;
  }

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = prev.then(() => mine);
    this.tails.set(key, tail);
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    try {
      await prev;
      return await fn();
    } finally {
      release();
      const n = (this.waiting.get(key) ?? 1) - 1;
      if (n === 0) this.waiting.delete(key);
      else this.waiting.set(key, n);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
