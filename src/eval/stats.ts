// Small statistics used by the eval and bench reports: percentiles (linear interpolation between closest
// ranks, as numpy's default) and a latency summary.

/** The p-th percentile (0–100) of `values`; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export interface LatencySummary {
  n: number;
  mean: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN;
  return {
    n,
    mean,
    min: n ? Math.min(...values) : Number.NaN,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: n ? Math.max(...values) : Number.NaN,
  };
}

/** Counts per bin of width `width` starting at 0 (the last bin collects everything above `maxBins`). */
export function histogram(values: readonly number[], width: number, maxBins = 30): { from: number; to: number; count: number }[] {
  if (!values.length) return [];
  if (!(width > 0)) throw new RangeError('histogram bin width must be positive');
  const top = Math.min(maxBins, Math.floor(Math.max(...values) / width) + 1);
  const bins = Array.from({ length: top }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const v of values) bins[Math.min(top - 1, Math.max(0, Math.floor(v / width)))].count++;
  bins[top - 1].to = Math.max(bins[top - 1].to, Math.max(...values));
  return bins;
}

/** A "nice" bin width (1, 2, 5 × 10^k) so that `values` fill about `bins` bins. */
export function niceBinWidth(values: readonly number[], bins = 20): number {
  const max = values.length ? Math.max(...values) : 1;
  const raw = Math.max(max / bins, 1e-3);
  const k = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (raw <= m * k) return m * k;
  return 10 * k;
}

/** A number for a table: fixed decimals, '–' for NaN/undefined. */
export function fmt(n: number | undefined | null, digits = 1): string {
  if (n === undefined || n === null || Number.isNaN(n)) return '–';
  return n.toFixed(digits);
}

export function pct(n: number | undefined | null, digits = 1): string {
  if (n === undefined || n === null || Number.isNaN(n)) return '–';
  return `${(n * 100).toFixed(digits)}%`;
}
