// A per-model circuit breaker: after `failureThreshold` consecutive failed requests the circuit
// opens and calls fail fast (no HTTP) until `resetAfterMs` has passed; then one trial request is
// let through (half-open): success closes the circuit, failure opens it again.

export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  failureThreshold?: number; // default 5
  resetAfterMs?: number; // default 30 s
  now?: () => number; // injectable clock
}

export class CircuitBreaker {
  readonly failureThreshold: number;
  readonly resetAfterMs: number;
  private readonly now: () => number;
  private failures = 0;
  private openedAt = 0;
  private current: CircuitState = 'closed';
  private trialInFlight = false;

  constructor(options: CircuitBreakerOptions = {}) {
    this.failureThreshold = options.failureThreshold ?? 5;
    this.resetAfterMs = options.resetAfterMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    if (this.current === 'open' && this.now() - this.openedAt >= this.resetAfterMs) return 'half_open';
    return this.current;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Whether a request may go out now. In half-open state only one trial request at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open') return false;
    if (this.trialInFlight) return false;
    this.current = 'half_open';
    this.trialInFlight = true;
    return true;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.current = 'closed';
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.failures++;
    const wasTrial = this.current === 'half_open';
    this.trialInFlight = false;
    if (wasTrial || this.failures >= this.failureThreshold) {
      this.current = 'open';
      this.openedAt = this.now();
    }
  }

  /** Releases a half-open trial that ended without telling anything about the model's health. */
  release(): void {
    this.trialInFlight = false;
  }
}

const shared = new Map<string, CircuitBreaker>();

/** One breaker per model key, shared by every client of that model in this process. */
export function sharedBreaker(key: string, options?: CircuitBreakerOptions): CircuitBreaker {
  let breaker = shared.get(key);
  if (!breaker) {
    breaker = new CircuitBreaker(options);
    shared.set(key, breaker);
  }
  return breaker;
}

/** Every shared breaker of this process by model key ('openai:gpt-4o-mini@default'), for the metrics. */
export function sharedBreakers(): ReadonlyMap<string, CircuitBreaker> {
  return shared;
}
