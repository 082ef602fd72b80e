// Measuring an intent classifier on labelled lines: exact intent-set accuracy, macro/micro F1,
// out-of-scope precision/recall, training time and classification latency.
import type { IntentScore, Language } from './types.ts';
import { TextClassifier } from './classifier.ts';
import { sampleShots, trainingExamples, type LabelledLine } from './bench-data.ts';

export interface EvalMetrics {
  n: number;
  /** Exact intent-set accuracy over all lines. */
  accuracy: number;
  /** Exact-set accuracy over lines with two or more gold intents (null when there are none). */
  exactSet: number | null;
  macroF1: number;
  microF1: number;
  trainSeconds: number;
  /** CPU time of training (user + system), less sensitive than wall time to a busy machine. */
  trainCpuSeconds?: number;
  p50Ms: number;
  p99Ms: number;
  oosPrecision?: number;
  oosRecall?: number;
}

export interface DecisionRule {
  /** Label for "none of the intents" (e.g. 'oos'); below-threshold predictions become it. */
  fallback?: string;
  threshold: number;
  multiLabel: boolean;
}

/** Turn scores into a predicted intent set. */
export function decide(scores: IntentScore[], rule: DecisionRule): string[] {
  if (rule.multiLabel) {
    const set = scores.filter((s) => s.confidence >= rule.threshold).map((s) => s.id);
    return set.length > 0 || !rule.fallback ? set : [rule.fallback];
  }
  const best = scores[0];
  if (!best) return rule.fallback ? [rule.fallback] : [];
  if (rule.fallback && best.confidence < rule.threshold) return [rule.fallback];
  return [best.id];
}

function sameSet(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Per label: how often it was predicted rightly (tp), wrongly (fp), and missed (fn). */
interface LabelCounts {
  tp: Map<string, number>;
  fp: Map<string, number>;
  fn: Map<string, number>;
}

/** Score predicted intent sets against gold ones. */
export function scorePredictions(
  gold: string[][],
  predicted: string[][],
  fallback?: string,
): Pick<EvalMetrics, 'n' | 'accuracy' | 'exactSet' | 'macroF1' | 'microF1' | 'oosPrecision' | 'oosRecall'> {
  const n = gold.length;
  const { exact, multi, multiExact } = exactSets(gold, predicted);
  const counts = labelCounts(gold, predicted);
  const out: ReturnType<typeof scorePredictions> = {
    n,
    accuracy: n ? exact / n : 0,
    exactSet: multi ? multiExact / multi : null,
    ...f1Scores(counts),
  };
  if (fallback) Object.assign(out, fallbackScores(counts, fallback));
  return out;
}

/** How many predicted sets equal their gold one, how many gold sets hold two or more intents, and how many of those were. */
function exactSets(gold: string[][], predicted: string[][]): { exact: number; multi: number; multiExact: number } {
  let exact = 0;
  let multi = 0;
  let multiExact = 0;
  for (let i = 0; i < gold.length; i++) {
    const ok = sameSet(gold[i], predicted[i]);
    if (ok) exact++;
    if (gold[i].length >= 2) {
      multi++;
      if (ok) multiExact++;
    }
  }
  return { exact, multi, multiExact };
}

function labelCounts(gold: string[][], predicted: string[][]): LabelCounts {
  const counts: LabelCounts = { tp: new Map(), fp: new Map(), fn: new Map() };
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (let i = 0; i < gold.length; i++) {
    const gs = new Set(gold[i]);
    const ps = new Set(predicted[i]);
    for (const x of ps) inc(gs.has(x) ? counts.tp : counts.fp, x);
    for (const x of gs) if (!ps.has(x)) inc(counts.fn, x);
  }
  return counts;
}

/** Macro F1 (each label's F1 averaged) and micro F1 (over all labels' counts together). */
function f1Scores({ tp, fp, fn }: LabelCounts): { macroF1: number; microF1: number } {
  const labels = new Set([...tp.keys(), ...fp.keys(), ...fn.keys()]);
  let f1Sum = 0;
  let TP = 0;
  let FP = 0;
  let FN = 0;
  for (const l of labels) {
    const a = tp.get(l) ?? 0;
    const b = fp.get(l) ?? 0;
    const c = fn.get(l) ?? 0;
    TP += a;
    FP += b;
    FN += c;
    f1Sum += a === 0 ? 0 : (2 * a) / (2 * a + b + c);
  }
  return { macroF1: labels.size ? f1Sum / labels.size : 0, microF1: TP ? (2 * TP) / (2 * TP + FP + FN) : 0 };
}

/** Out-of-scope precision and recall: the fallback label's. */
function fallbackScores({ tp, fp, fn }: LabelCounts, fallback: string): { oosPrecision: number; oosRecall: number } {
  const a = tp.get(fallback) ?? 0;
  const predictedOos = a + (fp.get(fallback) ?? 0);
  const goldOos = a + (fn.get(fallback) ?? 0);
  return { oosPrecision: predictedOos ? a / predictedOos : 0, oosRecall: goldOos ? a / goldOos : 0 };
}

export interface Predictor {
  predict(text: string): IntentScore[] | Promise<IntentScore[]>;
}

export interface EvaluateOptions {
  train: LabelledLine[];
  test: LabelledLine[];
  lang: Language;
  fallback?: string;
  threshold?: number;
  /** Each intent's id made into words as one more example (label semantics; default true). */
  labels?: boolean;
  /** The language's shipped word vectors as classifier features (default: where a table exists). */
  wordVectors?: boolean;
  /** Progress to stderr or elsewhere. */
  log?: (msg: string) => void;
}

/** Run a trained predictor over test lines: metrics plus latency. */
export async function measure(
  model: Predictor,
  test: LabelledLine[],
  rule: DecisionRule,
  log?: (msg: string) => void,
): Promise<Omit<EvalMetrics, 'trainSeconds'>> {
  const predicted: string[][] = [];
  const latencies: number[] = [];
  for (let i = 0; i < test.length; i++) {
    const t0 = performance.now();
    const scores = await model.predict(test[i].text);
    latencies.push(performance.now() - t0);
    predicted.push(decide(scores, rule));
    if (log && i > 0 && i % 2000 === 0) log(`  classified ${i}/${test.length}`);
  }
  latencies.sort((a, b) => a - b);
  return {
    ...scorePredictions(
      test.map((l) => l.intents),
      predicted,
      rule.fallback,
    ),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

/** Train Switchboard's classifier on `train` and measure it on `test`. */
export async function evaluateLocal(opts: EvaluateOptions): Promise<EvalMetrics & { multiLabel: boolean }> {
  const log = opts.log;
  log?.(`training on ${opts.train.length} lines…`);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const model = new TextClassifier({ language: opts.lang, wordVectors: opts.wordVectors });
  model.train(trainingExamples(opts.train, { fallback: opts.fallback, labels: opts.labels }));
  const trainSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const trainCpuSeconds = (cpu.user + cpu.system) / 1e6;
  log?.(`trained in ${trainSeconds.toFixed(2)} s; classifying ${opts.test.length} lines…`);
  const rule: DecisionRule = { fallback: opts.fallback, threshold: opts.threshold ?? 0.5, multiLabel: model.isMultiLabel };
  const m = await measure(model, opts.test, rule, log);
  return { ...m, trainSeconds, trainCpuSeconds, multiLabel: model.isMultiLabel };
}

export interface FewShotMetrics extends EvalMetrics {
  shots: number;
  seeds: number[];
  /** Accuracy of each seed's subsample, in `seeds` order. */
  accuracies: number[];
  /** Training lines of the first subsample. */
  trainLines: number;
  multiLabel: boolean;
}

/** The mean of numeric metrics over runs (null/undefined stay so when any run has them so). */
function meanMetrics(runs: EvalMetrics[]): EvalMetrics {
  const out: Record<string, number | null | undefined> = {};
  for (const key of Object.keys(runs[0]) as (keyof EvalMetrics)[]) {
    const values = runs.map((r) => r[key]);
    out[key] = values.every((v) => typeof v === 'number') ? (values as number[]).reduce((a, b) => a + b, 0) / values.length : values[0];
  }
  return out as unknown as EvalMetrics;
}

/**
 * The few-shot regime in one call: for each seed, `shots` lines per intent drawn from `train`
 * (sampleShots), trained and measured on `test`; metrics averaged over the seeds.
 */
export async function evaluateFewShot(opts: EvaluateOptions & { shots: number; seeds: number[] }): Promise<FewShotMetrics> {
  if (opts.seeds.length === 0) throw new RangeError('at least one seed');
  const runs: (EvalMetrics & { multiLabel: boolean })[] = [];
  let trainLines = 0;
  for (const seed of opts.seeds) {
    const sample = sampleShots(opts.train, opts.shots, seed);
    if (!runs.length) trainLines = sample.length;
    opts.log?.(`${opts.shots}-shot sample, seed ${seed}: ${sample.length} lines`);
    runs.push(await evaluateLocal({ ...opts, train: sample }));
  }
  return { ...meanMetrics(runs), shots: opts.shots, seeds: opts.seeds, accuracies: runs.map((r) => r.accuracy), trainLines, multiLabel: runs[0].multiLabel };
}
