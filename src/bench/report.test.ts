import { describe, expect, it } from 'vitest';
import { formatBench } from './print.ts';
import { renderBenchHtml } from './report.ts';
import { targetsOf, type BenchReport } from './run.ts';
import { summarize } from './stats.ts';

function report(): BenchReport {
  const load = (perSecond: number) => ({ perSecond, completed: 100, errors: 0, seconds: 2, latency: summarize([1, 2, 3]), errorSamples: [] });
  const r: BenchReport = {
    startedAt: '2026-03-09T15:00:00.000Z',
    durationMs: 1000,
    quick: true,
    machine: { cpus: 2, cpuModel: 'cpu', memoryGiB: 24, node: 'v20', platform: 'linux-x64', loadAverage: { start: 0.5, end: 0.7 } },
    floors: { langgraph: summarize([2, 2, 2, 4]), fastify: summarize([0.5, 0.5]) },
    turns: [{ bot: 'ct-smash', driver: 'pglite', path: 'in-process', latency: summarize([8, 8, 8, 30]) }],
    postgres: { url: 'postgres://x', used: false, note: 'unreachable' },
    throughput: [{ bot: 'ct-smash', driver: 'pglite', concurrency: 50, result: load(110) }],
    chatVsHealth: { bot: 'ct-smash', concurrency: 20, chat: load(130), health: load(2600), ratio: 0.05 },
    nlu: { bots: [] },
    startup: [{ dataDir: 'existing', healthMs: 1500, firstReplyMs: 1800, firstTurnMs: 40 }],
    targets: [],
    notes: [],
  };
  r.targets = targetsOf(r);
  return r;
}

describe('bench report', () => {
  it('compares the figures with their targets', () => {
    const t = report().targets;
    expect(t.map((x) => [x.value, x.met])).toEqual([
      [4, false], // p50 8 ms vs 2 ms floor
      [expect.closeTo(29.34, 2), false], // p99
      [5, false], // 5% of /api/health
      [1.8, true], // start on an existing data dir
    ]);
  });

  it('prints tables and renders self-contained HTML with SVG bar charts', () => {
    const text = formatBench(report());
    expect(text).toMatch(/ct-smash\s+pglite\s+in-process\s+8\.00/);
    expect(text).toMatch(/MISSED/);
    expect(text).toContain('Postgres: not measured — unreachable');
    const html = renderBenchHtml(report());
    expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });
});
