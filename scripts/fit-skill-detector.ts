// npx tsx scripts/fit-skill-detector.ts [--folds 4] [--rounds 300] [--depth 2] [--rate 0.1] [--lambda 1]
//   [--none-weight 4] [--small-none-weight 0.05] [--probe-weight 8] [--passing-weight 0] [--order-weight 1]
//   [--cache FILE] [--write] — fit the built-in skill decision as a model
// (scripts/skill-decision/decision-model.ts: guards, then boosted shallow trees over the detector's reading) from
// training data only, and cross-validate it beside the hand-set rules (decideSkill, the runtime's) on the same readings.
// The training rows are scripts/skill-decision/rows.ts's (its other topics in passing weigh 0 by default: they cost
// the probes). A row is judged by a model fitted on the
// other folds; a skills line is in the same fold for every bot of its language. --write fits on every row and stores
// the model in scripts/skill-decision/decision-model.json (the same rows give the same file). --cache keeps the
// readings in FILE (read instead of reading again when it exists: only for trying hyperparameters, the figures to
// report come from a run without it).
import { writeFileSync } from 'node:fs';
import type { BoostOptions } from './skill-decision/boosted-trees.ts';
import { DECISION_CLASSES } from './skill-decision/decision-features.ts';
import { DECISION_MODEL_FILE, decideWithModel } from './skill-decision/decision-model.ts';
import { guardVerdict } from './skill-decision/guards.ts';
import { fitDecisionModel, serializeDecisionModel } from './skill-decision/fit-decision.ts';
import { decisionRows, figures, type Row } from './skill-decision/rows.ts';
import { decideSkill } from '../src/skills/index.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const folds = option('folds', 4);
const boost: Partial<BoostOptions> = { rounds: option('rounds', 300), depth: option('depth', 2), learningRate: option('rate', 0.1), lambda: option('lambda', 1), minLeafWeight: option('min-leaf', 1) };
/** Weight of the bot's own rows against the skills' (each class otherwise counts as much in total). */
const noneWeight = option('none-weight', 4);
/** Weight of an edge probe against a skills line of its class: few rows, each a sentence in the bot's own words. */
const probeWeight = option('probe-weight', 8);
/** Weight of a small example bot's own row against a reference bot's: its few examples read many words as unseen. */
const smallNoneWeight = option('small-none-weight', 0.05);
/** Weight of a row of the bot's words with another topic mentioned in passing, and of another shop's order. */
const passingWeight = option('passing-weight', 0);
const orderWeight = option('order-weight', 1);
const cacheAt = argv.indexOf('--cache');
const cache = cacheAt >= 0 ? argv[cacheAt + 1] : null;
const rows = decisionRows(folds, cache);

/** A row's weight: a hand-over example not trained on, a probe `probeWeight` times a line of its class. */
const rowWeight = (r: Row) => (r.handover ? 0 : r.probe ? probeWeight : r.passing ? passingWeight : r.order ? orderWeight : r.y === 0 && r.bot.startsWith('examples/') ? smallNoneWeight : 1);

/**
 * The model fitted on `data`, on the rows no guard decides (src/skills/guards.ts): hand-over examples not trained
 * on, probes `probeWeight` times a line of their class.
 */
const fit = (data: Row[]) =>
  fitDecisionModel(
    data.filter((r) => !guardVerdict(r.reading)).map((r) => ({ reading: r.reading, kind: DECISION_CLASSES[r.y], weight: rowWeight(r) })),
    { boost, noneWeight },
  );

const cvKinds = new Map<Row, string>();
for (let fold = 0; fold < folds; fold++) {
  const model = fit(rows.filter((r) => r.fold !== fold));
  for (const r of rows.filter((row) => row.fold === fold)) cvKinds.set(r, decideWithModel(r.reading, model)?.kind ?? 'none');
}
const cv = (r: Row) => cvKinds.get(r)!;
const rules = (r: Row) => decideSkill(r.reading)?.kind ?? 'none';
const reference = rows.filter((r) => r.bot.startsWith('bots/'));
const small = rows.filter((r) => r.bot.startsWith('examples/'));
console.log('reference bots, rules (decideSkill):', figures(rules, reference));
console.log('reference bots, model, cross-validated:', figures(cv, reference));
console.log('example bots, rules (decideSkill):', figures(rules, small));
console.log('example bots, model, cross-validated:', figures(cv, small), JSON.stringify({ ...boost, noneWeight, probeWeight, smallNoneWeight, passingWeight, orderWeight }));

if (argv.includes('--write')) {
  const model = fit(rows);
  writeFileSync(DECISION_MODEL_FILE, serializeDecisionModel(model));
  console.log(`written: ${DECISION_MODEL_FILE}`);
}
