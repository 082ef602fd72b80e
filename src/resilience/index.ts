// The failure policy of outgoing calls, built on cockatiel: bounded retries with backoff, a deadline per try, and
// a circuit breaker. The model client (src/llm) and the channel sender (src/channels) run their calls through
// here. The waits between tries go through an injectable sleep (tests record them instead of waiting), which
// ends early when the caller aborts.
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState as PolicyState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  IterableBackoff,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  type CircuitBreakerPolicy,
  type GeneratorFn,
  type IBackoff,
  type IBackoffFactory,
} from 'cockatiel';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Waits `ms`, or less when the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

// ---- Retries ----

export type Backoff = IBackoffFactory<unknown>;

/** The planned waits, one per retry; the last one repeats if there are more retries than waits. */
export const fixedDelays = (delaysMs: readonly number[]): Backoff => new IterableBackoff(delaysMs);

/** `first * 2^n` capped at `max`, each wait jittered to 75–125 % so that clients that failed together spread out. */
const jitteredDoubling: GeneratorFn<number> = (retries = 0, options) => {
  const base = Math.min(options.maxDelay, options.initialDelay * 2 ** retries);
  return [Math.round(base * (0.75 + Math.random() * 0.5)), retries + 1];
};

export const doublingDelays = (firstMs: number, maxMs: number): Backoff => new ExponentialBackoff({ initialDelay: firstMs, maxDelay: maxMs, generator: jitteredDoubling });

export interface RetryPlan {
  /** Tries after the first. */
  retries: number;
  /** The waits before the retries. */
  backoff: Backoff;
  /** Whether a failure is worth another try; any other failure is thrown at once. */
  retryable: (error: unknown) => boolean;
  /** The wait a failure asks for itself (a provider's Retry-After), used when longer than the planned one. */
  askedWaitMs?: (error: unknown) => number;
  sleep?: Sleep;
  /** The caller's cancellation: no retry once it fired, and a wait in progress ends. */
  signal?: AbortSignal;
}

/** Runs `fn(attempt)` (attempt 1, 2, …) until it succeeds, fails for good or the retries are spent; throws the last failure. */
export async function withRetries<T>(plan: RetryPlan, fn: (attempt: number) => Promise<T>): Promise<T> {
  // cockatiel counts the tries and decides; it waits no time of its own (no backoff given), the wait is below.
  const policy = retry(handleWhen(plan.retryable), { maxAttempts: plan.retries });
  const wait = plan.sleep ?? sleep;
  let backoff: IBackoff<unknown> | undefined;
  let lastError: unknown;
  return policy.execute(async ({ attempt }) => {
    if (attempt > 0) {
      backoff = backoff ? backoff.next(undefined) : plan.backoff.next(undefined);
      await wait(Math.max(backoff.duration, plan.askedWaitMs?.(lastError) ?? 0), plan.signal);
    }
    try {
      return await fn(attempt + 1);
    } catch (err) {
      lastError = err;
      throw err;
    }
  }, plan.signal);
}

// ---- Deadline ----

/**
 * Runs `fn` with a signal that aborts at the deadline or when the caller aborts. At the deadline it throws
 * `onTimeout()` without waiting for `fn` to notice; when the caller aborted, cockatiel's TaskCancelledError.
 */
export async function withDeadline<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs: number, onTimeout: () => Error, callerSignal?: AbortSignal): Promise<T> {
  try {
    return await timeout(timeoutMs, TimeoutStrategy.Aggressive).execute(({ signal }) => fn(signal), callerSignal);
  } catch (err) {
    if (err instanceof TaskCancelledError && !callerSignal?.aborted) throw onTimeout();
    throw err;
  }
}

// ---- Circuit breaker ----

export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  failureThreshold?: number; // default 5
  resetAfterMs?: number; // default 30 s
}

/** A failure that says nothing about the other side's health (the caller went away): the breaker does not count it. */
export class Uncounted extends Error {
  constructor(readonly error: unknown) {
    super('uncounted failure');
  }
}

/** Whether a call was refused by an open circuit. */
export const isCircuitOpen = (err: unknown): boolean => err instanceof BrokenCircuitError;

/**
 * After `failureThreshold` consecutive failed calls the circuit opens and calls are refused (no request goes out)
 * until `resetAfterMs` has passed; then one trial call is let through (half-open): success closes the circuit,
 * failure opens it again.
 */
export class CircuitBreaker {
  readonly failureThreshold: number;
  readonly resetAfterMs: number;
  private readonly policy: CircuitBreakerPolicy;
  private openedAt = 0;

  constructor(options: CircuitBreakerOptions = {}) {
    this.failureThreshold = options.failureThreshold ?? 5;
    this.resetAfterMs = options.resetAfterMs ?? 30_000;
    this.policy = circuitBreaker(
      handleWhen((err) => !(err instanceof Uncounted)),
      { halfOpenAfter: this.resetAfterMs, breaker: new ConsecutiveBreaker(this.failureThreshold) },
    );
    this.policy.onBreak(() => (this.openedAt = Date.now()));
  }

  /** Half-open as soon as the wait is over (cockatiel itself says so only once the trial call starts). */
  get state(): CircuitState {
    const state = this.policy.state;
    if (state === PolicyState.Closed) return 'closed';
    if (state === PolicyState.HalfOpen || Date.now() - this.openedAt >= this.resetAfterMs) return 'half_open';
    return 'open';
  }

  /**
   * Runs `fn` when the circuit lets it through; else throws (isCircuitOpen). A thrown Uncounted is not counted and
   * is unwrapped. While the trial call of the half-open circuit runs, other calls are refused at once rather than
   * queued behind it (cockatiel's way): a user is waiting, a fallback is better.
   */
  async execute<T>(fn: () => Promise<T>): Promise<T> {
    if (this.policy.state === PolicyState.HalfOpen) throw new BrokenCircuitError();
    try {
      return await this.policy.execute(fn);
    } catch (err) {
      throw err instanceof Uncounted ? err.error : err;
    }
  }
}
