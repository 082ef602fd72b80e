import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, scorePredictions } from './evaluate.ts';
import { benchNlu, formatBench } from './bench.ts';
import { run } from '../cli/commands/nlu-eval.ts';

describe('decide', () => {
  const scores = [
    { id: 'a', confidence: 0.6 },
    { id: 'b', confidence: 0.55 },
    { id: 'c', confidence: 0.1 },
  ];
  it('single label: best, or the fallback below threshold', () => {
    expect(decide(scores, { threshold: 0.5, multiLabel: false })).toEqual(['a']);
    expect(decide(scores, { threshold: 0.7, multiLabel: false, fallback: 'oos' })).toEqual(['oos']);
    expect(decide(scores, { threshold: 0.7, multiLabel: false })).toEqual(['a']);
  });
  it('multi label: every intent above threshold', () => {
    expect(decide(scores, { threshold: 0.5, multiLabel: true })).toEqual(['a', 'b']);
    expect(decide(scores, { threshold: 0.9, multiLabel: true })).toEqual([]);
  });
});

describe('scorePredictions', () => {
  it('exact-set accuracy, F1 and out-of-scope figures', () => {
    const m = scorePredictions(
      [['a'], ['b', 'c'], ['oos'], ['a']],
      [['a'], ['c', 'b'], ['a'], ['oos']],
      'oos',
    );
    expect(m.accuracy).toBe(0.5);
    expect(m.exactSet).toBe(1);
    // a: tp1 fp1 fn1 → 0.5; b: 1; c: 1; oos: 0 → macro 0.625
    expect(m.macroF1).toBeCloseTo(0.625);
    expect(m.microF1).toBeCloseTo((2 * 3) / (2 * 3 + 2 + 2));
    expect(m.oosPrecision).toBe(0);
    expect(m.oosRecall).toBe(0);
  });
});

// A tiny dataset on disk for the CLI and the bench.
function tinyDataset(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nlu-'));
  const rows = (pairs: [string, string][]) => pairs.map(([text, intent]) => JSON.stringify({ text, intents: [intent], lang: 'en' })).join('\n');
  const train: [string, string][] = [];
  const greet = ['hi', 'hello', 'hey there', 'good morning', 'hello friend', 'hi there'];
  const bye = ['bye', 'goodbye', 'see you later', 'bye bye', 'see you soon', 'good night'];
  const price = ['how much is it', 'what is the price', 'how much does it cost', 'price please', 'what does it cost', 'is it expensive'];
  for (const t of greet) train.push([t, 'greet']);
  for (const t of bye) train.push([t, 'bye']);
  for (const t of price) train.push([t, 'price']);
  const test: [string, string][] = [
    ['hello!', 'greet'],
    ['hi friend', 'greet'],
    ['goodbye then', 'bye'],
    ['see you', 'bye'],
    ['how much', 'price'],
    ['the price?', 'price'],
  ];
  const d = join(dir, 'tiny-en');
  mkdirSync(d);
  writeFileSync(join(d, 'train.jsonl'), rows(train));
  writeFileSync(join(d, 'dev.jsonl'), rows(test));
  return dir;
}

describe('nlu-eval command and bench', () => {
  const dir = tinyDataset();
  const files = () => ['--train', join(dir, 'tiny-en', 'train.jsonl'), '--test', join(dir, 'tiny-en', 'dev.jsonl')];
  /** What `fn` prints with console.log (stderr's progress is silenced). */
  const printed = async (fn: () => Promise<void>): Promise<string[]> => {
    const out: string[] = [];
    const log = console.log;
    const write = process.stderr.write;
    console.log = (s: string) => out.push(s);
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      await fn();
    } finally {
      console.log = log;
      process.stderr.write = write;
    }
    return out;
  };

  it('prints one JSON object with the metrics', async () => {
    const out = await printed(async () => {
      expect(await run([...files(), '--json'])).toBe(0);
    });
    const m = JSON.parse(out[0]);
    expect(Object.keys(m)).toEqual(expect.arrayContaining(['n', 'accuracy', 'exactSet', 'macroF1', 'microF1', 'trainSeconds', 'p50Ms', 'p99Ms']));
    expect(m.n).toBe(6);
    expect(m.accuracy).toBeGreaterThanOrEqual(5 / 6);
  });

  it('--shots K trains on K lines per intent per seed and averages the seeds', async () => {
    const out = await printed(async () => {
      expect(await run([...files(), '--shots', '2', '--seed', '1,2', '--json'])).toBe(0);
      expect(await run([...files(), '--shots', '2'])).toBe(0);
    });
    const m = JSON.parse(out[0]);
    expect(m.shots).toBe(2);
    expect(m.seeds).toEqual([1, 2]);
    expect(m.trainLines).toBe(6);
    expect(m.accuracies).toHaveLength(2);
    expect(m.accuracy).toBeCloseTo((m.accuracies[0] + m.accuracies[1]) / 2);
    expect(out[1]).toMatch(/few-shot +2 per intent \(6 training lines\), seeds 1/);
  });

  it('rejects bad arguments with exit code 2', async () => {
    const err = console.error;
    console.error = () => {};
    try {
      expect(await run([])).toBe(2);
      expect(await run(['--train', '/nonexistent.jsonl', '--test', '/nonexistent.jsonl'])).toBe(2);
      expect(await run([...files(), '--shots', '0'])).toBe(2);
      expect(await run([...files(), '--shots', '2', '--seed', 'x'])).toBe(2);
      expect(await run([...files(), '--seed', '3'])).toBe(2);
    } finally {
      console.error = err;
    }
  });

  it('benchNlu measures every dataset folder', async () => {
    const report = await benchNlu({ dataDir: dir, nlpjs: false });
    expect(report.datasets.map((d) => d.dataset)).toEqual(['tiny-en']);
    expect(report.datasets[0].switchboard.accuracy).toBeGreaterThanOrEqual(5 / 6);
    expect(report.datasets[0].fewShot?.shots).toBe(10);
    expect(report.datasets[0].fewShot?.accuracies).toHaveLength(3);
    expect(formatBench(report)).toContain('tiny-en 10-shot');
  });
});
