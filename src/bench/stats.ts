// Timing loops and the figures a benchmark prints: latency percentiles, rates and ratios.
import { percentile, summarize, type LatencySummary } from '../eval/index.ts';

export { percentile, summarize, type LatencySummary };

export interface MeasureOptions {
  /** Untimed runs first (JIT, caches, connection pools). */
  warmup: number;
  /** Timed runs (at most). */
  iterations: number;
  /** Stop early after this many milliseconds of timed runs (at least `minIterations` are run). */
  maxMs?: number;
  minIterations?: number;
}

/** Run `fn` warmup + iterations times one after the other; the latencies (ms) of the timed runs. */
export async function measure(fn: (i: number) => Promise<unknown> | unknown, opts: MeasureOptions): Promise<number[]> {
  for (let i = 0; i < opts.warmup; i++) await fn(i);
  const out: number[] = [];
  const start = performance.now();
  const min = opts.minIterations ?? Math.min(opts.iterations, 20);
  for (let i = 0; i < opts.iterations; i++) {
    const t = performance.now();
    await fn(opts.warmup + i);
    out.push(performance.now() - t);
    if (opts.maxMs !== undefined && out.length >= min && performance.now() - start > opts.maxMs) break;
  }
  return out;
}

export interface LoadResult {
  /** Completed operations per second over the window. */
  perSecond: number;
  completed: number;
  errors: number;
  seconds: number;
  latency: LatencySummary;
  /** A few distinct error messages, to explain `errors`. */
  errorSamples: string[];
}

/** a / b, NaN when either is missing. */
export function ratio(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return a / b;
}
