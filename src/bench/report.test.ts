import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBench } from './print.ts';
import { renderBenchHtml, writeBenchReports } from './report.ts';
import { targetsOf, type BenchReport } from './run.ts';
import { summarize } from './stats.ts';

function report(): BenchReport {
  const load = (perSecond: number) => ({ perSecond, completed: 100, errors: 0, seconds: 2, latency: summarize([1, 2, 3]), errorSamples: [] });
  const r: BenchReport = {
    startedAt: '2026-03-09T15:00:00.000Z',
    durationMs: 1000,
    quick: true,
    machine: { cpus: 2, cpuModel: 'cpu', memoryGiB: 24, node: 'v20', platform: 'linux-x64', loadAverage: { start: 0.5, end: 0.7 } },
    floors: { langgraph: summarize([2, 2, 2, 4]) },
    turns: [
      { system: 'switchboard', bot: 'ct-smash', driver: 'pglite', path: 'in-process', latency: summarize([8, 8, 8, 30]) },
      { system: 'floor', bot: 'ct-smash', driver: 'pglite', path: 'in-process', latency: summarize([4, 4, 4, 5]) },
      { system: 'switchboard', bot: 'ct-smash', driver: 'postgres', path: 'http', latency: summarize([9, 9, 9]) },
      { system: 'peer', bot: 'ct-smash', driver: 'postgres', path: 'http', latency: summarize([20, 20, 20]) },
    ],
    postgres: { url: 'postgres://x', used: true },
    throughput: [
      { system: 'switchboard', bot: 'ct-smash', driver: 'pglite', concurrency: 20, result: load(110) },
      { system: 'floor', bot: 'ct-smash', driver: 'pglite', concurrency: 20, result: load(200) },
      { system: 'switchboard', bot: 'ct-smash', driver: 'postgres', concurrency: 20, result: load(100) },
      { system: 'peer', bot: 'ct-smash', driver: 'postgres', concurrency: 20, result: load(40) },
    ],
    nlu: { bots: [] },
    startup: [
      { dataDir: 'fresh', healthMs: 2500, firstReplyMs: 3000, firstTurnMs: 40 },
      { dataDir: 'existing', healthMs: 1500, firstReplyMs: 1800, firstTurnMs: 40 },
    ],
    adversarial: [
      {
        bot: 'ct-smash',
        ordinary: { text: 'quero marcar', ms: 10 },
        rows: [
          { bot: 'ct-smash', shape: 'commas', ms: { 1000: 12, 4000: 30 }, ratio: 3, growth: 2.5 },
          { bot: 'ct-smash', shape: 'one character', ms: { 1000: 20, 4000: 120 }, ratio: 12, growth: 6 },
        ],
      },
    ],
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
      [2.5, true], // 100 vs the peer's 40 turns/s
      [0.45, true], // p50 9 ms vs the peer's 20 ms
      [2, false], // in-process p50 8 ms vs the floor's 4 ms (PGlite)
      [0.55, false], // 110 vs the floor's 200 turns/s (PGlite)
      [expect.closeTo(29.34, 2), false], // p99
      [12, false], // the worst hostile shape: 120 ms against an ordinary 10 ms
      [6, false], // and the steepest: 20 → 120 ms from 1,000 to 4,000 characters
      [3, false], // start on a fresh data dir (≤ 1.8 s idle)
      [1.8, false], // start on an existing data dir (≤ 1.2 s idle)
    ]);
  });

  it('judges start-up against the idle goal, 1.5× that up to a load average of 2, and not above', () => {
    const judged = (load: number) => targetsOf({ ...report(), startup: [{ dataDir: 'existing', healthMs: 1500, firstReplyMs: 1700, firstTurnMs: 200, loadAverage: load }] }).find((x) => x.name.includes('existing'))!.met;
    expect(judged(0.3)).toBe(false); // 1.7 s > 1.2 s
    expect(judged(1.9)).toBe(true); // ≤ 1.8 s
    expect(judged(3.5)).toBeNull();
  });

  it('writes the hostile messages\' figures and their targets into bench-latest.json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
    try {
      const { json } = writeBenchReports(report(), dir);
      const written = JSON.parse(readFileSync(json, 'utf8')) as BenchReport;
      expect(written.adversarial[0].rows.map((r) => [r.shape, r.ms[4000], r.ratio, r.growth])).toEqual([
        ['commas', 30, 3, 2.5],
        ['one character', 120, 12, 6],
      ]);
      expect(written.adversarial[0].ordinary.ms).toBe(10);
      expect(written.targets.filter((t) => t.name.includes('4,000')).map((t) => [t.value, t.met])).toEqual([
        [12, false],
        [6, false],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints tables and renders self-contained HTML with SVG bar charts', () => {
    const text = formatBench(report());
    expect(text).toMatch(/ct-smash\s+pglite\s+in-process\s+8\.00/);
    expect(text).toMatch(/MISSED/);
    expect(text).toMatch(/2\.00× floor/);
    expect(text).toMatch(/0\.45× peer/);
    expect(text).toMatch(/peer: LangGraph \+ PostgresSaver.*40\.0 \/s\s+2\.50×/);
    expect(text).toMatch(/one character\s+20\.0\s+120\.0\s+12\.0×\s+6\.0×/);
    const html = renderBenchHtml(report());
    expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });
});
