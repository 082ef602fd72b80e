// switchboard nlu-eval --train FILE --test FILE [--shots K [--seed S[,S…]]] [--lang xx] [--fallback NAME] [--threshold X] [--no-labels] [--no-word-vectors] [--json]
// Trains the local classifier on one JSONL file of {"text","intents":[…]} lines and measures it on another;
// with --shots, on K lines per intent drawn (seeded) from the training file, averaged over the seeds.
import { existsSync } from 'node:fs';
import { commandArgs } from '../args.ts';
import { evaluateFewShot, evaluateLocal, guessLanguage, readJsonl, type Language } from '../../nlu/index.ts';

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

export async function run(argv: string[]): Promise<number> {
  const parsed = commandArgs('nlu-eval', USAGE, argv, {
    options: { train: { type: 'string' }, test: { type: 'string' }, lang: { type: 'string' }, fallback: { type: 'string' }, threshold: { type: 'string' }, shots: { type: 'string' }, seed: { type: 'string' }, 'no-labels': { type: 'boolean' }, 'no-word-vectors': { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  const trainFile = args.train;
  const testFile = args.test;
  if (!trainFile || !testFile) {
    console.error(USAGE);
    return 2;
  }
  for (const f of [trainFile, testFile]) {
    if (!existsSync(f)) {
      console.error(`nlu-eval: no such file: ${f}`);
      return 2;
    }
  }
  const lang = args.lang;
  if (lang && !['pt', 'es', 'vi', 'en'].includes(lang)) {
    console.error(`nlu-eval: --lang must be pt, es, vi or en`);
    return 2;
  }
  const threshold = args.threshold === undefined ? 0.5 : Number(args.threshold);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    console.error('nlu-eval: --threshold must be a number between 0 and 1');
    return 2;
  }
  const shots = args.shots === undefined ? undefined : Number(args.shots);
  if (shots !== undefined && (!Number.isInteger(shots) || shots < 1)) {
    console.error('nlu-eval: --shots must be a positive integer');
    return 2;
  }
  const seeds = (args.seed ?? '1').split(',').map((x) => Number(x.trim()));
  if (seeds.some((x) => !Number.isInteger(x))) {
    console.error('nlu-eval: --seed must be an integer or a comma-separated list of integers');
    return 2;
  }
  if (args.seed !== undefined && shots === undefined) {
    console.error('nlu-eval: --seed goes with --shots');
    return 2;
  }
  let train, test;
  try {
    train = readJsonl(trainFile);
    test = readJsonl(testFile);
  } catch (err) {
    console.error(`nlu-eval: cannot read JSONL: ${(err as Error).message}`);
    return 2;
  }
  const opts = {
    train,
    test,
    lang: (lang as Language | undefined) ?? guessLanguage(train),
    // Test data with an out-of-scope label (clinc150's 'oos') is measured with it unless told otherwise.
    fallback: args.fallback ?? (test.some((l) => l.intents.includes(OOS_LABEL)) ? OOS_LABEL : undefined),
    threshold,
    labels: !args['no-labels'],
    wordVectors: args['no-word-vectors'] ? false : undefined,
    log: (msg: string) => process.stderr.write(msg + '\n'),
  };
  const few = shots === undefined ? undefined : await evaluateFewShot({ ...opts, shots, seeds });
  const m = few ?? (await evaluateLocal(opts));
  const { multiLabel, ...metrics } = m;
  if (args.json) {
    const { trainCpuSeconds: _cpu, ...reported } = metrics as typeof metrics & { shots?: number };
    console.log(JSON.stringify(reported));
    return 0;
  }
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${(100 * x).toFixed(2)}%`);
  const lines = [
    ...(few ? [`few-shot          ${few.shots} per intent (${few.trainLines} training lines), seeds ${few.seeds.join(', ')}: accuracy ${few.accuracies.map(pct).join(', ')}`] : []),
    `lines             ${metrics.n}${multiLabel ? ' (multi-label)' : ''}`,
    `accuracy          ${pct(metrics.accuracy)}   (exact intent set${few && few.seeds.length > 1 ? `, mean of ${few.seeds.length} draws` : ''})`,
    `exact set, multi  ${pct(metrics.exactSet)}   (lines with 2+ intents)`,
    `macro-F1          ${pct(metrics.macroF1)}`,
    `micro-F1          ${pct(metrics.microF1)}`,
  ];
  if (metrics.oosPrecision !== undefined) {
    lines.push(`out-of-scope      precision ${pct(metrics.oosPrecision)}, recall ${pct(metrics.oosRecall)}`);
  }
  lines.push(
    `training          ${metrics.trainSeconds.toFixed(2)} s (cpu ${metrics.trainCpuSeconds?.toFixed(2) ?? '—'} s)`,
    `latency           p50 ${metrics.p50Ms.toFixed(3)} ms, p99 ${metrics.p99Ms.toFixed(3)} ms`,
  );
  console.log(lines.join('\n'));
  return 0;
}
