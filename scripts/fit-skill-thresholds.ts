// npx tsx scripts/fit-skill-thresholds.ts [--folds 4] [--none-weight 1.5] [--small-none-weight 1] [--probe-weight 8]
//   [--generated-weight 1] [--order-weight 1] [--passing-weight 0] [--min-gain 30] [--cache FILE] [--write]
// Fits the thresholds of the built-in skill decision (src/skills/decide.ts) from training data only
// (scripts/skill-decision/rows.ts: the bots' examples, form answers, the skills lines, generated edge probes, each
// read held out) and cross-validates the fitting: thresholds fitted on k-1 folds judge the k-th, beside the hand-set
// ones, where the fit starts. --write fits on every row and stores the thresholds in src/skills/fitted-thresholds.json,
// which the runtime reads (the same rows give the same file; docs/skills.md, "Fitted thresholds"). --cache keeps the
// readings in FILE, for trying weights only.
import { writeFileSync } from 'node:fs';
import { FITTED_THRESHOLD_NAMES, FITTED_THRESHOLDS_FILE, HAND_SET_THRESHOLDS } from '../src/skills/thresholds.ts';
import { fitThresholds, thresholdScore, type ThresholdRow } from './skill-decision/fit-thresholds.ts';
import { decisionRows, decidedRight, figures, type Row } from './skill-decision/rows.ts';
import { decideSkill } from '../src/skills/index.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const folds = option('folds', 4);
const weights = {
  none: option('none-weight', 1.5),
  smallNone: option('small-none-weight', 1),
  probe: option('probe-weight', 8),
  /** Generated rows of the bot's business (form answers, examples with a value put in): many, and of one kind. */
  generated: option('generated-weight', 1),
  order: option('order-weight', 1),
  passing: option('passing-weight', 0),
};
/** The weighted gain a threshold's move must bring. */
const minGain = option('min-gain', 30);
const cacheAt = argv.indexOf('--cache');
const cache = cacheAt >= 0 ? argv[cacheAt + 1] : null;

const rows = decisionRows(folds, cache);

const rowWeight = (r: Row) =>
  r.probe ? weights.probe : r.passing ? weights.passing : r.order ? weights.order : r.y !== 0 ? 1 : (r.answer || r.variant ? weights.generated : 1) * (r.bot.startsWith('examples/') ? weights.smallNone : weights.none);
const thresholdRows = (data: Row[]): ThresholdRow[] => data.map((r) => ({ reading: r.reading, right: (kind) => decidedRight(r, kind), weight: rowWeight(r) }));

const cvKinds = new Map<Row, string>();
for (let fold = 0; fold < folds; fold++) {
  const thresholds = fitThresholds(thresholdRows(rows.filter((r) => r.fold !== fold)), HAND_SET_THRESHOLDS, FITTED_THRESHOLD_NAMES, { minGain });
  for (const r of rows.filter((row) => row.fold === fold)) cvKinds.set(r, decideSkill(r.reading, thresholds)?.kind ?? 'none');
  console.error(`fold ${fold + 1}/${folds} fitted`);
}
const handSet = (r: Row) => decideSkill(r.reading, HAND_SET_THRESHOLDS)?.kind ?? 'none';
const cv = (r: Row) => cvKinds.get(r)!;
for (const [label, subset] of [['reference bots', rows.filter((r) => r.bot.startsWith('bots/'))], ['example bots', rows.filter((r) => r.bot.startsWith('examples/'))]] as const) {
  console.log(`${label}, hand-set thresholds:`, figures(handSet, subset));
  console.log(`${label}, fitted thresholds, cross-validated:`, figures(cv, subset));
}
console.log('weights:', JSON.stringify(weights), 'minimum gain:', minGain);

if (argv.includes('--write')) {
  const all = thresholdRows(rows);
  const thresholds = fitThresholds(all, HAND_SET_THRESHOLDS, FITTED_THRESHOLD_NAMES, { minGain });
  const fitted = Object.fromEntries(FITTED_THRESHOLD_NAMES.map((name) => [name, thresholds[name]]));
  writeFileSync(FITTED_THRESHOLDS_FILE, `${JSON.stringify(fitted, null, 2)}\n`);
  console.log(`written: ${FITTED_THRESHOLDS_FILE} (weighted right: ${thresholdScore(all, HAND_SET_THRESHOLDS)} hand-set, ${thresholdScore(all, thresholds)} fitted)`);
}
