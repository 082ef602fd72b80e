// switchboard nlu-eval --train FILE --test FILE [--lang xx] [--fallback NAME] [--threshold X] [--json]
// Trains the local classifier on one JSONL file of {"text","intents":[…]} lines and measures it on another.
import { existsSync } from 'node:fs';
import { commandArgs } from '../args.ts';
import { evaluateLocal, guessLanguage, readJsonl, type Language } from '../../nlu/index.ts';

const USAGE = 'usage: switchboard nlu-eval --train FILE --test FILE [--lang pt|es|vi|en] [--fallback NAME] [--threshold X] [--json]';

export async function run(argv: string[]): Promise<number> {
  const parsed = commandArgs('nlu-eval', USAGE, argv, {
    options: { train: { type: 'string' }, test: { type: 'string' }, lang: { type: 'string' }, fallback: { type: 'string' }, threshold: { type: 'string' }, json: { type: 'boolean' } },
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
  let train, test;
  try {
    train = readJsonl(trainFile);
    test = readJsonl(testFile);
  } catch (err) {
    console.error(`nlu-eval: cannot read JSONL: ${(err as Error).message}`);
    return 2;
  }
  const m = await evaluateLocal({
    train,
    test,
    lang: (lang as Language | undefined) ?? guessLanguage(train),
    fallback: args.fallback,
    threshold,
    log: (msg) => process.stderr.write(msg + '\n'),
  });
  const { multiLabel, ...metrics } = m;
  if (args.json) {
    const { trainCpuSeconds: _cpu, ...reported } = metrics;
    console.log(JSON.stringify(reported));
    return 0;
  }
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${(100 * x).toFixed(2)}%`);
  const lines = [
    `lines             ${metrics.n}${multiLabel ? ' (multi-label)' : ''}`,
    `accuracy          ${pct(metrics.accuracy)}   (exact intent set)`,
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
