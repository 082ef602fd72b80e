// switchboard nlu-eval --train FILE --test FILE [--shots K [--seed S[,S…]]] [--lang xx] [--fallback NAME] [--threshold X] [--no-labels] [--no-word-vectors] [--json]
// Trains the local classifier on one JSONL file of {"text","intents":[…]} lines and measures it on another;
// with --shots, on K lines per intent drawn (seeded) from the training file, averaged over the seeds.
import { existsSync } from 'node:fs';
import { commandArgs } from '../args.ts';
import { evaluateFewShot, evaluateLocal, guessLanguage, readJsonl, type EvalMetrics, type FewShotMetrics, type Language } from '../../nlu/index.ts';

/** The usual label of out-of-scope lines in public sets. */
const OOS_LABEL = 'oos';

const USAGE = `usage: switchboard nlu-eval --train FILE --test FILE [options]

  --shots K         train on K lines per intent drawn from the training file (the few-shot regime)
  --seed S[,S…]     the draws' seeds; several are averaged (default 1)
  --lang xx         pt, es, vi or en (default: the files' "lang", else en)
  --fallback NAME   the out-of-scope label: below-threshold predictions become it (default: oos when the
                    test data has that label; out-of-scope precision and recall are then printed)
  --threshold X     decision threshold (default 0.5)
  --no-labels       don't use the intents' names as examples (label semantics)
  --no-word-vectors don't use the language's shipped word vectors (English has them)
  --json            print the metrics as one JSON object`;

type Flags = {
  train?: string;
  test?: string;
  lang?: string;
  fallback?: string;
  threshold?: string;
  shots?: string;
  seed?: string;
  'no-labels'?: boolean;
  'no-word-vectors'?: boolean;
  json?: boolean;
};

/** A wrong flag: its message is printed as it is, and the command exits 2. */
class FlagError extends Error {}

export async function run(argv: string[]): Promise<number> {
  const parsed = commandArgs('nlu-eval', USAGE, argv, {
    options: { train: { type: 'string' }, test: { type: 'string' }, lang: { type: 'string' }, fallback: { type: 'string' }, threshold: { type: 'string' }, shots: { type: 'string' }, seed: { type: 'string' }, 'no-labels': { type: 'boolean' }, 'no-word-vectors': { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (typeof parsed === 'number') return parsed;
  const args: Flags = parsed.values;
  let settings;
  try {
    settings = readSettings(args);
  } catch (err) {
    if (!(err instanceof FlagError)) throw err;
    console.error(err.message);
    return 2;
  }
  const { shots, seeds, ...opts } = settings;
  const few = shots === undefined ? undefined : await evaluateFewShot({ ...opts, shots, seeds });
  const m = few ?? (await evaluateLocal(opts));
  console.log(args.json ? jsonReport(m) : textReport(m, few));
  return 0;
}

/** The evaluation the flags ask for, with both files read; a FlagError when a flag or a file is wrong. */
function readSettings(args: Flags) {
  const { trainFile, testFile } = readFileFlags(args);
  const lang = readLang(args.lang);
  const threshold = readThreshold(args.threshold);
  const { shots, seeds } = readShots(args.shots, args.seed);
  const { train, test } = readDatasets(trainFile, testFile);
  return {
    train,
    test,
    lang: lang ?? guessLanguage(train),
    // Test data with an out-of-scope label (clinc150's 'oos') is measured with it unless told otherwise.
    fallback: args.fallback ?? (test.some((l) => l.intents.includes(OOS_LABEL)) ? OOS_LABEL : undefined),
    threshold,
    labels: !args['no-labels'],
    wordVectors: args['no-word-vectors'] ? false : undefined,
    log: (msg: string) => process.stderr.write(msg + '\n'),
    shots,
    seeds,
  };
}

function readFileFlags(args: Flags): { trainFile: string; testFile: string } {
  const { train: trainFile, test: testFile } = args;
  if (!trainFile || !testFile) throw new FlagError(USAGE);
  const missing = [trainFile, testFile].find((f) => !existsSync(f));
  if (missing !== undefined) throw new FlagError(`nlu-eval: no such file: ${missing}`);
  return { trainFile, testFile };
}

function readLang(lang: string | undefined): Language | undefined {
  if (lang && !['pt', 'es', 'vi', 'en'].includes(lang)) throw new FlagError(`nlu-eval: --lang must be pt, es, vi or en`);
  return lang as Language | undefined;
}

function readThreshold(raw: string | undefined): number {
  const threshold = raw === undefined ? 0.5 : Number(raw);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) throw new FlagError('nlu-eval: --threshold must be a number between 0 and 1');
  return threshold;
}

/** --shots K and the seeds of its draws (--seed only goes with --shots). */
function readShots(rawShots: string | undefined, rawSeed: string | undefined): { shots?: number; seeds: number[] } {
  const shots = rawShots === undefined ? undefined : Number(rawShots);
  if (shots !== undefined && (!Number.isInteger(shots) || shots < 1)) throw new FlagError('nlu-eval: --shots must be a positive integer');
  const seeds = (rawSeed ?? '1').split(',').map((x) => Number(x.trim()));
  if (seeds.some((x) => !Number.isInteger(x))) throw new FlagError('nlu-eval: --seed must be an integer or a comma-separated list of integers');
  if (rawSeed !== undefined && shots === undefined) throw new FlagError('nlu-eval: --seed goes with --shots');
  return { shots, seeds };
}

function readDatasets(trainFile: string, testFile: string) {
  try {
    return { train: readJsonl(trainFile), test: readJsonl(testFile) };
  } catch (err) {
    throw new FlagError(`nlu-eval: cannot read JSONL: ${(err as Error).message}`);
  }
}

/** The metrics as one JSON object (without the CPU time of training, which varies from run to run). */
function jsonReport(m: EvalMetrics & { multiLabel: boolean }): string {
  const { multiLabel: _multiLabel, trainCpuSeconds: _cpu, ...reported } = m;
  return JSON.stringify(reported);
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${(100 * x).toFixed(2)}%`);

/** The metrics as aligned lines, with the few-shot draws when there were some. */
function textReport(m: EvalMetrics & { multiLabel: boolean }, few: FewShotMetrics | undefined): string {
  const lines = [
    ...(few ? [`few-shot          ${few.shots} per intent (${few.trainLines} training lines), seeds ${few.seeds.join(', ')}: accuracy ${few.accuracies.map(pct).join(', ')}`] : []),
    `lines             ${m.n}${m.multiLabel ? ' (multi-label)' : ''}`,
    `accuracy          ${pct(m.accuracy)}   (exact intent set${few && few.seeds.length > 1 ? `, mean of ${few.seeds.length} draws` : ''})`,
    `exact set, multi  ${pct(m.exactSet)}   (lines with 2+ intents)`,
    `macro-F1          ${pct(m.macroF1)}`,
    `micro-F1          ${pct(m.microF1)}`,
  ];
  if (m.oosPrecision !== undefined) {
    lines.push(`out-of-scope      precision ${pct(m.oosPrecision)}, recall ${pct(m.oosRecall)}`);
  }
  lines.push(
    `training          ${m.trainSeconds.toFixed(2)} s (cpu ${m.trainCpuSeconds?.toFixed(2) ?? '—'} s)`,
    `latency           p50 ${m.p50Ms.toFixed(3)} ms, p99 ${m.p99Ms.toFixed(3)} ms`,
  );
  return lines.join('\n');
}
