// npx tsx scripts/fit-skill-detector.ts [--folds 4] [--probes] [--write] [--edge] — fit the built-in skill decision as a
// multinomial logistic regression over the detector's reading (src/skills/detector.ts), from training data only:
// each reference bot's own examples (the bot's business) and the skills data lines (their class), every line
// read by a detector that did not train on it (k folds). Prints the cross-validated figures beside those of the
// hand-set thresholds (decideSkill) on the same readings. --probes adds each bot's edge probes (src/skills/edge-probes.ts)
// to the training rows. --write stores the coefficients in
// scripts/skill-decision.json; --edge also reads the sixth edge set (test/fixtures/edge-messages-6.ts) —
// it only measures, nothing is fitted on it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBotConfig } from '../src/bot/index.ts';
import { detectorInputs } from '../src/engine/understanding.ts';
import type { Language } from '../src/nlu/index.ts';
import { projectRoot } from '../src/paths.ts';
import { SKILL_CLASSES, skillLines } from '../src/skills/data.ts';
import { createSkillDetector, decideSkill, edgeProbes, type SkillReading } from '../src/skills/index.ts';
import { DECISION_CLASSES, decisionFeatures, predictDecision, type DecisionModel } from './skill-decision-model.ts';

const argv = process.argv.slice(2);
const foldsAt = argv.indexOf('--folds');
const folds = foldsAt >= 0 ? Number(argv[foldsAt + 1]) : 4;
const withProbes = argv.includes('--probes');
const BOTS = ['ct-smash', 'mini-crm', 'cloudinha', 'fashion-vn', 'la-formula'];

interface Row {
  bot: string;
  x: number[];
  y: number;
  reading: SkillReading;
  /** A bot example whose own intent is a hand-over (a request for a person there is no loss). */
  handover?: boolean;
  /** An edge probe (--probes): trained on, reported apart. */
  probe?: boolean;
}

const rows: Row[] = [];
const detectorOptions = new Map<string, NonNullable<ReturnType<typeof detectorInputs>['options']>>();
const handovers = new Map<string, Set<string>>();
for (const id of BOTS) {
  const dir = join(projectRoot, 'bots', id);
  const config = readBotConfig(dir);
  const { options } = detectorInputs({ config, intents: config.intents, language: config.language.slice(0, 2) as Language, dir });
  if (!options) continue;
  detectorOptions.set(id, options);
  const handover = new Set(Object.entries(config.intents).filter(([name, c]) => c.handoff || name === config.skills.human.intent).map(([name]) => name));
  handovers.set(id, handover);
  const lines = skillLines(options.language);
  for (let fold = 0; fold < folds; fold++) {
    const test = <T>(_: T, i: number) => i % folds === fold;
    const heldOut = new Set([...SKILL_CLASSES, 'answer' as const].flatMap((c) => lines[c].filter(test)));
    const train = Object.fromEntries(Object.entries(options.domain).map(([intent, texts]) => [intent, texts.filter((t, i) => !test(t, i))]));
    const detector = createSkillDetector({ ...options, domain: train, heldOut });
    const add = (text: string, y: number, handover?: boolean) => {
      const reading = detector.read(text);
      if (reading) rows.push({ bot: id, x: decisionFeatures(reading), y, reading, ...(handover ? { handover } : {}) });
    };
    for (const [intent, texts] of Object.entries(options.domain)) for (const text of texts.filter(test)) add(text, 0, handover.has(intent));
    for (const text of lines.answer.filter(test)) add(text, 0);
    for (const c of SKILL_CLASSES) for (const text of lines[c].filter(test)) add(text, DECISION_CLASSES.indexOf(c));
  }
  if (withProbes) {
    // The bot's own edge probes (its words in the shipped frames of other topics, its staff asked for), read by a
    // detector of all its examples: training data the runtime itself generates, each probe once.
    const detector = createSkillDetector(options);
    const probes = edgeProbes({ language: options.language, domain: options.domain, names: [config.name], roles: config.skills.human.roles });
    for (const probe of probes) {
      const reading = detector.read(probe.text);
      if (reading) rows.push({ bot: id, x: decisionFeatures(reading), y: DECISION_CLASSES.indexOf(probe.expect), reading, probe: true });
    }
  }
  console.error(`${id}: ${rows.filter((r) => r.bot === id).length} readings`);
}

/** Softmax regression with L2, fitted by Adam on all rows; classes weighted so each counts as much in total. */
function fit(data: Row[], l2 = 1e-3, steps = 1500, rate = 0.05): DecisionModel {
  const k = DECISION_CLASSES.length;
  const d = data[0].x.length;
  const w = Array.from({ length: k }, () => new Array(d + 1).fill(0));
  const m = w.map((r) => r.map(() => 0));
  const v = w.map((r) => r.map(() => 0));
  const counts = DECISION_CLASSES.map((_, c) => data.filter((r) => r.y === c).length || 1);
  const weight = counts.map((n) => data.length / (k * n));
  for (let step = 1; step <= steps; step++) {
    const g = w.map((r) => r.map(() => 0));
    for (const row of data) {
      const p = predictDecision({ classes: DECISION_CLASSES, weights: w }, row.x);
      for (let c = 0; c < k; c++) {
        const err = (p[c] - (row.y === c ? 1 : 0)) * weight[row.y];
        for (let j = 0; j < d; j++) g[c][j] += err * row.x[j];
        g[c][d] += err;
      }
    }
    for (let c = 0; c < k; c++) {
      for (let j = 0; j <= d; j++) {
        const grad = g[c][j] / data.length + (j < d ? l2 * w[c][j] : 0);
        m[c][j] = 0.9 * m[c][j] + 0.1 * grad;
        v[c][j] = 0.999 * v[c][j] + 0.001 * grad * grad;
        w[c][j] -= (rate * (m[c][j] / (1 - 0.9 ** step))) / (Math.sqrt(v[c][j] / (1 - 0.999 ** step)) + 1e-8);
      }
    }
  }
  return { classes: DECISION_CLASSES, weights: w, threshold: 0.5 };
}

/** The model's verdict kind for a row (none below the threshold), as the runtime reads it. */
const modelKind = (model: DecisionModel, x: number[]) => {
  const p = predictDecision(model, x);
  const best = p.indexOf(Math.max(...p));
  return best === 0 || p[best] < model.threshold ? 'none' : DECISION_CLASSES[best];
};
const thresholdKind = (r: SkillReading) => decideSkill(r)?.kind ?? 'none';

/** The bots' examples and short answers kept (no out of scope, no request for a person outside a hand-over intent), and skill lines found. */
function figures(all: Row[], kind: (row: Row) => string) {
  const probes = all.filter((r) => r.probe);
  const data = all.filter((r) => !r.probe);
  const bot = data.filter((r) => r.y === 0);
  const lost = bot.filter((r) => {
    const k = kind(r);
    return k === 'out_of_scope' || (k === 'human' && !r.handover);
  }).length;
  const skill = data.filter((r) => r.y !== 0);
  const found = skill.filter((r) => kind(r) === DECISION_CLASSES[r.y]).length;
  const probesRight = probes.filter((r) => kind(r) === DECISION_CLASSES[r.y]).length;
  return { kept: `${bot.length - lost}/${bot.length}`, skillLines: `${found}/${skill.length}`, ...(probes.length ? { probes: `${probesRight}/${probes.length}` } : {}) };
}

// Cross-validated: each row judged by a model fitted on the rows of the other folds (every k-th row).
const byFold = (r: Row, i: number) => i % folds;
const cvKinds = new Map<Row, string>();
for (let fold = 0; fold < folds; fold++) {
  const model = fit(rows.filter((r, i) => byFold(r, i) !== fold), 1e-3, 600);
  model.threshold = Number(process.env.THRESHOLD ?? 0.5);
  rows.forEach((r, i) => byFold(r, i) === fold && cvKinds.set(r, modelKind(model, r.x)));
}
console.log('thresholds (decideSkill):', figures(rows, (r) => thresholdKind(r.reading)));
console.log('model, cross-validated:  ', figures(rows, (r) => cvKinds.get(r)!));

const model = fit(rows);
model.threshold = Number(process.env.THRESHOLD ?? 0.5);
if (argv.includes('--write')) {
  writeFileSync(join(projectRoot, 'scripts', 'skill-decision.json'), `${JSON.stringify({ ...model, weights: model.weights.map((r) => r.map((x) => +x.toFixed(5))) }, null, 1)}\n`);
  console.log('written: scripts/skill-decision.json');
}

if (argv.includes('--edge')) {
  const { EDGE_6 } = await import('../test/fixtures/edge-messages-6.ts');
  const tally = { thresholds: { off: 0, person: 0, kept: 0 }, model: { off: 0, person: 0, kept: 0 }, n: { off: 0, person: 0, kept: 0 } };
  for (const id of BOTS) {
    const set = EDGE_6[id];
    const options = detectorOptions.get(id);
    if (!set || !options) continue;
    const detector = createSkillDetector(options);
    const judge = (texts: string[], key: 'off' | 'person' | 'kept', ok: (kind: string) => boolean) => {
      for (const text of texts) {
        const reading = detector.read(text);
        tally.n[key]++;
        if (!reading) continue;
        if (ok(thresholdKind(reading))) tally.thresholds[key]++;
        if (ok(modelKind(model, decisionFeatures(reading)))) tally.model[key]++;
      }
    };
    judge(set.offDomain, 'off', (k) => k === 'out_of_scope');
    judge(set.person, 'person', (k) => k === 'human');
    judge(set.inDomain, 'kept', (k) => k !== 'out_of_scope' && k !== 'human');
  }
  console.log('sixth edge set, detector alone (of', tally.n, '):', { thresholds: tally.thresholds, model: tally.model });
}
