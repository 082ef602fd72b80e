// Benchmark of local understanding over labelled datasets (folders with train.jsonl and dev.jsonl),
// side by side with NLP.js trained on the same shuffled examples in the same run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { guessLanguage, readJsonl, sampleShots, trainingExamples, type LabelledLine } from './bench-data.ts';
import { evaluateFewShot, evaluateLocal, measure, type EvalMetrics } from './evaluate.ts';
import { trainNlpjs } from './bench-nlpjs.ts';
import type { Language } from './types.ts';

export interface BenchOptions {
  /** Folder holding one sub-folder per dataset (default: env NLU_DATA_DIR or ../shared/nlu). */
  dataDir?: string;
  /** Only these dataset folders. */
  datasets?: string[];
  /** Compare with NLP.js (default true). */
  nlpjs?: boolean;
  /** Decision threshold for both systems (default 0.5). */
  threshold?: number;
  /** Also measure the few-shot regime: this many lines per intent from the training file (default 10; 0: off). */
  shots?: number;
  /** The few-shot draws, averaged (default 1, 2, 3). */
  seeds?: number[];
  log?: (msg: string) => void;
}

export interface DatasetResult {
  dataset: string;
  lang: Language;
  n: number;
  multiLabel: boolean;
  fallback?: string;
  switchboard: EvalMetrics;
  nlpjs?: EvalMetrics;
  /** Switchboard's error rate over NLP.js's (target ≤ 0.7). */
  errorRatio?: number;
  /** The same systems trained on `shots` lines per intent, averaged over `seeds` draws. */
  fewShot?: { shots: number; seeds: number[]; accuracies: number[]; switchboard: EvalMetrics; nlpjs?: EvalMetrics; errorRatio?: number };
}

export interface BenchReport {
  date: string;
  threshold: number;
  datasets: DatasetResult[];
}

// Datasets whose gold has an out-of-scope label; below-threshold predictions become it.
const OOS_LABELS = ['oos', 'out_of_scope', 'none'];

export function defaultDataDir(): string {
  return process.env.NLU_DATA_DIR ?? join(process.cwd(), '..', 'shared', 'nlu');
}

export async function benchNlu(opts: BenchOptions = {}): Promise<BenchReport> {
  const dir = opts.dataDir ?? defaultDataDir();
  const log = opts.log ?? (() => {});
  const threshold = opts.threshold ?? 0.5;
  const names = (opts.datasets ?? readdirSync(dir).sort()).filter(
    (d) => statSync(join(dir, d)).isDirectory() && existsSync(join(dir, d, 'train.jsonl')) && existsSync(join(dir, d, 'dev.jsonl')),
  );
  const results: DatasetResult[] = [];
  for (const dataset of names) {
    const train = readJsonl(join(dir, dataset, 'train.jsonl'));
    const test = readJsonl(join(dir, dataset, 'dev.jsonl'));
    const lang = guessLanguage(train);
    const labels = new Set(train.flatMap((l) => l.intents));
    const fallback = OOS_LABELS.find((l) => labels.has(l));
    log(`${dataset}: ${train.length} train / ${test.length} dev (${lang})`);
    const sb = await evaluateLocal({ train, test, lang, fallback, threshold, log: (m) => log(`  switchboard: ${m}`) });
    const { multiLabel, ...switchboard } = sb;
    const row: DatasetResult = { dataset, lang, n: test.length, multiLabel, fallback, switchboard };
    if (opts.nlpjs !== false) {
      log(`  nlp.js: training…`);
      row.nlpjs = await nlpjsMetrics(train, test, lang, fallback, threshold, multiLabel);
      row.errorRatio = (1 - switchboard.accuracy) / Math.max(1e-9, 1 - row.nlpjs.accuracy);
    }
    const shots = opts.shots ?? 10;
    if (shots > 0) {
      const seeds = opts.seeds ?? [1, 2, 3];
      const few = await evaluateFewShot({ train, test, lang, fallback, threshold, shots, seeds, log: (m) => log(`  switchboard ${shots}-shot: ${m}`) });
      const { multiLabel: _m, shots: _s, seeds: _seeds, accuracies, trainLines: _t, ...fewMetrics } = few;
      row.fewShot = { shots, seeds, accuracies, switchboard: fewMetrics };
      if (opts.nlpjs !== false) {
        const runs: EvalMetrics[] = [];
        for (const seed of seeds) {
          log(`  nlp.js ${shots}-shot, seed ${seed}: training…`);
          runs.push(await nlpjsMetrics(sampleShots(train, shots, seed), test, lang, fallback, threshold, multiLabel));
        }
        const nlpjs = { ...runs[0], accuracy: mean(runs.map((r) => r.accuracy)), microF1: mean(runs.map((r) => r.microF1)), macroF1: mean(runs.map((r) => r.macroF1)) };
        row.fewShot.nlpjs = nlpjs;
        row.fewShot.errorRatio = (1 - fewMetrics.accuracy) / Math.max(1e-9, 1 - nlpjs.accuracy);
      }
    }
    results.push(row);
  }
  return { date: new Date().toISOString(), threshold, datasets: results };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** NLP.js trained on the same examples as Switchboard (trainingExamples) and measured with the same rule. */
async function nlpjsMetrics(train: LabelledLine[], test: LabelledLine[], lang: Language, fallback: string | undefined, threshold: number, multiLabel: boolean): Promise<EvalMetrics> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const model = await trainNlpjs(trainingExamples(train, { fallback }), lang);
  const trainSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const m = await measure(model, test, { fallback, threshold, multiLabel });
  return { ...m, trainSeconds, trainCpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : (100 * x).toFixed(1));

/** A plain-text table of a report. */
export function formatBench(report: BenchReport): string {
  const head = ['dataset', 'n', 'SB acc%', 'NLP.js acc%', 'err ratio', 'SB µF1%', 'NLP.js µF1%', 'SB oos P/R', 'SB train s', 'SB train cpu s', 'NLP.js train s', 'SB p50 ms', 'NLP.js p50 ms'];
  const rows = report.datasets.flatMap((d) => (d.fewShot ? [d, { ...d, dataset: `${d.dataset} ${d.fewShot.shots}-shot`, ...d.fewShot }] : [d])).map((d) => [
    d.dataset,
    String(d.n),
    pct(d.switchboard.accuracy),
    pct(d.nlpjs?.accuracy),
    d.errorRatio === undefined ? '—' : d.errorRatio.toFixed(2),
    pct(d.switchboard.microF1),
    pct(d.nlpjs?.microF1),
    d.switchboard.oosRecall === undefined ? '—' : `${d.switchboard.oosPrecision!.toFixed(2)}/${d.switchboard.oosRecall.toFixed(2)}`,
    d.switchboard.trainSeconds.toFixed(2),
    d.switchboard.trainCpuSeconds === undefined ? '—' : d.switchboard.trainCpuSeconds.toFixed(2),
    d.nlpjs ? d.nlpjs.trainSeconds.toFixed(2) : '—',
    d.switchboard.p50Ms.toFixed(3),
    d.nlpjs ? d.nlpjs.p50Ms.toFixed(3) : '—',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
