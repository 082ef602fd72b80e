import { describe, expect, it } from 'vitest';
import { backendUsBetween, procCpuUs, walBytesBetween, withApplicationName, type CostSample } from './cost.ts';

const sample = (backends: [number, number][], processUs = 0, wal = '0/0'): CostSample => ({ processUs, backends: new Map(backends), wal });

describe('whole-system cost helpers', () => {
  it('measures WAL positions across the 4 GiB boundary of the high word', () => {
    expect(walBytesBetween('0/1511AD8', '0/1512AD8')).toBe(4096);
    expect(walBytesBetween('0/FFFFFF00', '1/100')).toBe(0x200);
  });

  it('counts a backend that appeared between the samples whole, and one that left not at all', () => {
    const before = sample([
      [10, 1000],
      [11, 500],
    ]);
    const after = sample([
      [10, 1600],
      [12, 300],
    ]);
    expect(backendUsBetween(before, after)).toBe(600 + 300);
  });

  it('reads this process’s CPU from /proc and grows it with work', () => {
    const a = procCpuUs('self');
    expect(a).not.toBeNull();
    let x = 0;
    const until = process.cpuUsage().user + 60_000;
    while (process.cpuUsage().user < until) x += Math.sqrt(x + 1);
    expect(procCpuUs('self')!).toBeGreaterThan(a!);
    expect(procCpuUs(2 ** 22 + 7)).toBeNull();
  });

  it('names the connection so its backends can be found', () => {
    expect(withApplicationName('postgres://postgres@127.0.0.1:5432/test', 'sb')).toBe('postgres://postgres@127.0.0.1:5432/test?application_name=sb');
  });
});
