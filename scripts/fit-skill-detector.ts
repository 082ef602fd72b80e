// npx tsx scripts/fit-skill-detector.ts [--folds 4] [--rounds 300] [--depth 2] [--rate 0.1] [--lambda 1]
//   [--none-weight 4] [--small-none-weight 0.05] [--probe-weight 8] [--passing-weight 0] [--order-weight 1]
//   [--cache FILE] [--write] — fit the built-in skill decision as a model
// (scripts/skill-decision/decision-model.ts: guards, then boosted shallow trees over the detector's reading) from
// training data only, and cross-validate it beside the hand-set rules (decideSkill, the runtime's) on the same readings.
// The training rows, for each reference bot and each example bot (examples/): its own examples (the bot's business),
// the same with a value put in, the skills data's short answers, each read by a detector that did not train on it (k
// folds, SkillDetectorOptions.heldOut); the skills data lines (their class), likewise held out; the answers a form of
// the bot collects and its own words in a customer's asking frames, another kind of shop's orders with a number where
// they say none of its words (out of scope), its words with another topic in passing (weight 0 by default: they cost
// the probes) (skill-decision/answers.ts); and its generated edge
// probes (src/skills/edge-probes.ts, what `switchboard check --edge` plays). A row is judged by a model fitted on the
// other folds; a skills line is in the same fold for every bot of its language. --write fits on every row and stores
// the model in scripts/skill-decision/decision-model.json (the same rows give the same file). --cache keeps the
// readings in FILE (read instead of reading again when it exists: only for trying hyperparameters, the figures to
// report come from a run without it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBotConfig } from '../src/bot/index.ts';
import { detectorInputs } from '../src/engine/understanding.ts';
import type { Language } from '../src/nlu/index.ts';
import { projectRoot } from '../src/paths.ts';
import type { BoostOptions } from './skill-decision/boosted-trees.ts';
import { SKILL_CLASSES, skillLines } from '../src/skills/data.ts';
import { DECISION_CLASSES } from './skill-decision/decision-features.ts';
import { DECISION_MODEL_FILE, decideWithModel } from './skill-decision/decision-model.ts';
import { guardVerdict } from './skill-decision/guards.ts';
import { fitDecisionModel, serializeDecisionModel } from './skill-decision/fit-decision.ts';
import { formAnswers, otherOrders, passingMentions, wantsOfBot, withValue } from './skill-decision/answers.ts';
import { botWords } from '../src/skills/bot-words.ts';
import { createSkillDetector, decideSkill, edgeProbes, type SkillReading } from '../src/skills/index.ts';

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
/** The reference bots (whose figures are compared with the hand-set rules'), then the small example bots: few examples each, the readings a new bot gives. */
const BOTS = ['bots/ct-smash', 'bots/mini-crm', 'bots/cloudinha', 'bots/fashion-vn', 'bots/la-formula', ...readdirSync(join(projectRoot, 'examples')).sort().map((e) => `examples/${e}`)];

interface Row {
  bot: string;
  reading: SkillReading;
  y: number;
  fold: number;
  /** A bot example whose own intent is a hand-over: a request for a person there is no loss, and it is not trained on. */
  handover?: boolean;
  /** An edge probe: trained on, reported apart. */
  probe?: boolean;
  /** A generated form answer (answers.ts): trained on, reported apart. */
  answer?: boolean;
  /** The bot's words with another topic in passing (answers.ts): trained on `passingWeight` times, reported apart. */
  passing?: boolean;
  /** Another shop's order (answers.ts): trained on as out of scope, not reported. */
  order?: boolean;
  /** A bot example with a value put in it (answers.ts): trained on, reported apart. */
  variant?: boolean;
}

/** Every training row of one bot, each read by a detector that did not train on it. */
function botRows(id: string): Row[] {
  const rows: Row[] = [];
  const dir = join(projectRoot, id);
  const config = readBotConfig(dir);
  const { options } = detectorInputs({ config, intents: config.intents, language: config.language.slice(0, 2) as Language, dir });
  if (!options) return rows;
  const handover = new Set(Object.entries(config.intents).filter(([name, c]) => c.handoff || name === config.skills.human.intent).map(([name]) => name));
  const lines = skillLines(options.language);
  for (let fold = 0; fold < folds; fold++) {
    const test = <T>(_: T, i: number) => i % folds === fold;
    const heldOut = new Set([...SKILL_CLASSES, 'answer' as const].flatMap((c) => lines[c].filter(test)));
    const train = Object.fromEntries(Object.entries(options.domain).map(([intent, texts]) => [intent, texts.filter((t, i) => !test(t, i))]));
    const detector = createSkillDetector({ ...options, domain: train, heldOut });
    const add = (text: string, y: number, more: Partial<Row> = {}) => {
      const reading = detector.read(text);
      if (reading) rows.push({ bot: id, reading, y, fold, ...more });
    };
    for (const [intent, texts] of Object.entries(options.domain)) {
      const own = handover.has(intent) ? { handover: true } : {};
      texts.filter(test).forEach((text, i) => {
        add(text, 0, own);
        // The same example with a value in it, as a customer answers or asks with one.
        add(withValue(text, options.language, i), 0, { ...own, variant: true });
      });
    }
    for (const text of lines.answer.filter(test)) add(text, 0);
    for (const c of SKILL_CLASSES) for (const text of lines[c].filter(test)) add(text, DECISION_CLASSES.indexOf(c));
  }
  // Answers a form of the bot collects (its gazetteers' values, names, numbers), read by a detector of all its examples.
  const full = createSkillDetector(options);
  const values = config.gazetteers.flatMap((g) => Object.entries(g.values).flat(2));
  const phrases = botWords(options.domain, options.language, [config.name]).map((w) => w.phrase);
  [...formAnswers(options.language, values), ...wantsOfBot(options.language, phrases)].forEach((text, i) => {
    const reading = full.read(text);
    if (reading) rows.push({ bot: id, reading, y: 0, fold: i % folds, answer: true });
  });
  // The bot's own words with another topic mentioned in passing (a time, a place, the customer's own shop).
  passingMentions(options.language, phrases).forEach((text, i) => {
    const reading = full.read(text);
    if (reading) rows.push({ bot: id, reading, y: 0, fold: i % folds, passing: true });
  });
  // Another kind of shop's orders with a number, out of scope where they say none of the bot's words.
  otherOrders(options.language).forEach((text, i) => {
    const reading = full.read(text);
    if (reading && reading.domainWords.length === 0) rows.push({ bot: id, reading, y: DECISION_CLASSES.indexOf('out_of_scope'), fold: i % folds, order: true });
  });
  // The bot's own edge probes (its words in the shipped frames of other topics, its staff asked for), read by a
  // detector of all its examples: training data the runtime itself generates.
  const detector = full;
  const probes = edgeProbes({ language: options.language, domain: options.domain, names: [config.name], roles: config.skills.human.roles });
  probes.forEach((probe, i) => {
    const reading = detector.read(probe.text);
    if (reading) rows.push({ bot: id, reading, y: DECISION_CLASSES.indexOf(probe.expect), fold: i % folds, probe: true });
  });
  console.error(`${id}: ${rows.length} readings`);
  return rows;
}

const rows: Row[] = cache && existsSync(cache) ? (JSON.parse(readFileSync(cache, 'utf8')) as Row[]) : BOTS.flatMap(botRows);
if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(rows));

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

/** The bots' examples and short answers kept (no out of scope, no request for a person outside a hand-over intent), skill lines and probes found. */
function figures(kind: (row: Row) => string, rows: Row[]) {
  const data = rows.filter((r) => !r.probe && !r.answer && !r.variant && !r.order && !r.passing);
  const bot = data.filter((r) => r.y === 0);
  const lost = bot.filter((r) => {
    const k = kind(r);
    return k === 'out_of_scope' || (k === 'human' && !r.handover);
  }).length;
  const skill = data.filter((r) => r.y !== 0);
  const found = skill.filter((r) => kind(r) === DECISION_CLASSES[r.y]).length;
  const probes = rows.filter((r) => r.probe);
  const probesRight = probes.filter((r) => kind(r) === DECISION_CLASSES[r.y]).length;
  const left = (subset: Row[]) => `${subset.filter((r) => kind(r) === 'none').length}/${subset.length}`;
  const variants = rows.filter((r) => r.variant && !r.handover);
  return { kept: `${bot.length - lost}/${bot.length}`, skillLines: `${found}/${skill.length}`, probes: `${probesRight}/${probes.length}`, formAnswersLeft: left(rows.filter((r) => r.answer)), examplesWithValueLeft: left(variants), passingLeft: left(rows.filter((r) => r.passing)) };
}

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
