// The process-wide circuit breaker of each model (the breaker itself is the shared failure policy's, in
// src/resilience): every client of one model and endpoint shares it, and the metrics read its state.
import { CircuitBreaker, type CircuitBreakerOptions } from '../resilience/index.ts';

export { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from '../resilience/index.ts';

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
