// A value a bot loads from its backend (a catalogue's product names, a table of courses) without making start-up
// or a turn wait for it: until the load succeeds the bot answers with what it has, and a failed load is retried
// after a delay, on the next turn that asks.

export interface BackgroundValue<T> {
  /** The best value known now (never waits). */
  current(): T;
  /** The loaded value, waiting for a load in progress (or starting one, or a due retry); the fallback if it fails. */
  get(): Promise<T>;
}

export interface BackgroundValueOptions {
  /** Wait this long after a failed load before trying again; default 60 s. */
  retryMs?: number;
  /** Told why a load failed. */
  log?: (msg: string) => void;
  now?: () => number;
}

/** `initial` until `load` succeeds once; then its result for good. */
export function loadInBackground<T>(initial: T, load: () => Promise<T>, options: BackgroundValueOptions = {}): BackgroundValue<T> {
  const retryMs = options.retryMs ?? 60_000;
  const now = options.now ?? Date.now;
  let value = initial;
  let loaded = false;
  let pending: Promise<void> | null = null;
  let failedAt = -Infinity;
  const start = () =>
    (pending ??= load()
      .then((v) => {
        value = v;
        loaded = true;
      })
      .catch((err: Error) => {
        failedAt = now();
        options.log?.(`not loaded (${err.message}); going on without it for now`);
      })
      .finally(() => {
        pending = null;
      }));
  return {
    current: () => value,
    async get() {
      if (!loaded && !pending && now() - failedAt >= retryMs) void start();
      if (pending) await pending;
      return value;
    },
  };
}
