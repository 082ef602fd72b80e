import { describe, expect, it } from 'vitest';
import { measure, percentile, ratio, summarize } from './stats.ts';

describe('bench statistics', () => {
  it('interpolates percentiles between closest ranks', () => {
    const v = [10, 1, 4, 3, 2, 5, 6, 7, 8, 9]; // unsorted on purpose
    expect(percentile(v, 0)).toBe(1);
    expect(percentile(v, 100)).toBe(10);
    expect(percentile(v, 50)).toBe(5.5);
    expect(percentile(v, 99)).toBeCloseTo(9.91, 10);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(v, 101)).toThrow(RangeError);
  });

  it('summarizes latencies with n, mean, p50, p95 and p99', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
    const s = summarize(values);
    expect(s).toMatchObject({ n: 100, mean: 50.5, min: 1, max: 100, p50: 50.5 });
    expect(s.p95).toBeCloseTo(95.05, 10);
    expect(s.p99).toBeCloseTo(99.01, 10);
    expect(summarize([]).n).toBe(0);
  });

  it('times warm-up runs apart from the timed ones and stops at the time budget', async () => {
    const calls: number[] = [];
    const timed = await measure((i) => void calls.push(i), { warmup: 3, iterations: 5 });
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(timed).toHaveLength(5);
    const slow = await measure(() => new Promise((r) => setTimeout(r, 5)), { warmup: 0, iterations: 1000, maxMs: 30, minIterations: 2 });
    expect(slow.length).toBeGreaterThanOrEqual(2);
    expect(slow.length).toBeLessThan(20);
  });

  it('divides only finite figures', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(3, 0)).toBeNaN();
    expect(ratio(undefined, 2)).toBeNaN();
  });
});
