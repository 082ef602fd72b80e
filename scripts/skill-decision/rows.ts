// The labelled readings the skill decision is fitted and measured on, from training data only. For each reference
// bot and each example bot (examples/): its own examples (the bot's business), the same with a value put in, the
// skills data's short answers, each read by a detector that did not train on it (k folds, SkillDetectorOptions.heldOut);
// the skills data lines (their class), likewise held out; the answers a form of the bot collects and its own words in
// a customer's asking frames, another kind of shop's orders with a number where they say none of its words (out of
// scope), its words with another topic in passing (answers.ts); and its generated edge probes (src/skills/edge-probes.ts,
// what `switchboard check --edge` plays). A skills line is in the same fold for every bot of its language.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBotConfig } from '../../src/bot/index.ts';
import { detectorInputs } from '../../src/engine/understanding.ts';
import type { Language } from '../../src/nlu/index.ts';
import { projectRoot } from '../../src/paths.ts';
import { SKILL_CLASSES, skillLines } from '../../src/skills/data.ts';
import { botWords } from '../../src/skills/bot-words.ts';
import { createSkillDetector, edgeProbes, type SkillReading } from '../../src/skills/index.ts';
import { DECISION_CLASSES } from './decision-features.ts';
import { formAnswers, otherOrders, passingMentions, wantsOfBot, withValue } from './answers.ts';

/** The reference bots (whose figures are compared with the hand-set rules'), then the small example bots: few examples each, the readings a new bot gives. */
export const DECISION_BOTS = ['bots/ct-smash', 'bots/mini-crm', 'bots/cloudinha', 'bots/fashion-vn', 'bots/la-formula', ...readdirSync(join(projectRoot, 'examples')).sort().map((e) => `examples/${e}`)];

export interface Row {
  bot: string;
  reading: SkillReading;
  /** Index in DECISION_CLASSES: 0 is the bot's own business. */
  y: number;
  fold: number;
  /** A bot example whose own intent is a hand-over: a request for a person there is no loss. */
  handover?: boolean;
  /** An edge probe: trained on, reported apart. */
  probe?: boolean;
  /** A generated form answer (answers.ts): trained on, reported apart. */
  answer?: boolean;
  /** The bot's words with another topic in passing (answers.ts). */
  passing?: boolean;
  /** Another shop's order (answers.ts): trained on as out of scope, not reported. */
  order?: boolean;
  /** A bot example with a value put in it (answers.ts): trained on, reported apart. */
  variant?: boolean;
}

/** Every training row of one bot, each read by a detector that did not train on it. */
export function botRows(id: string, folds: number): Row[] {
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
  // The rest is read by a detector of all the bot's examples.
  const full = createSkillDetector(options);
  const addAll = (texts: string[], y: number, more: Partial<Row>, keep: (r: SkillReading) => boolean = () => true) =>
    texts.forEach((text, i) => {
      const reading = full.read(text);
      if (reading && keep(reading)) rows.push({ bot: id, reading, y, fold: i % folds, ...more });
    });
  const values = config.gazetteers.flatMap((g) => Object.entries(g.values).flat(2));
  const phrases = botWords(options.domain, options.language, [config.name]).map((w) => w.phrase);
  addAll([...formAnswers(options.language, values), ...wantsOfBot(options.language, phrases)], 0, { answer: true });
  addAll(passingMentions(options.language, phrases), 0, { passing: true });
  addAll(otherOrders(options.language), DECISION_CLASSES.indexOf('out_of_scope'), { order: true }, (r) => r.domainWords.length === 0);
  // Its edge probes: its words in the shipped frames of other topics, its staff asked for (data the runtime generates).
  const probes = edgeProbes({ language: options.language, domain: options.domain, names: [config.name], roles: config.skills.human.roles });
  probes.forEach((probe, i) => {
    const reading = full.read(probe.text);
    if (reading) rows.push({ bot: id, reading, y: DECISION_CLASSES.indexOf(probe.expect), fold: i % folds, probe: true });
  });
  return rows;
}

/** Every bot's rows; with `cache`, read from that file when it exists, else read and kept there (for trying options only). */
export function decisionRows(folds: number, cache: string | null): Row[] {
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as Row[];
  const rows = DECISION_BOTS.flatMap((id) => botRows(id, folds));
  if (cache) writeFileSync(cache, JSON.stringify(rows));
  return rows;
}

/** Whether a decision is right for a row: a skill line or probe read as its class; a bot's row not sent out of scope, nor to a person outside a hand-over intent. */
export function decidedRight(row: Row, kind: string): boolean {
  if (row.y !== 0) return kind === DECISION_CLASSES[row.y];
  return kind !== 'out_of_scope' && (kind !== 'human' || row.handover === true);
}

/** The figures reported: the bots' examples kept, skills lines and probes found, form answers and examples with a value left to the bot. */
export function figures(kind: (row: Row) => string, rows: Row[]) {
  const data = rows.filter((r) => !r.probe && !r.answer && !r.variant && !r.order && !r.passing);
  const bot = data.filter((r) => r.y === 0);
  const skill = data.filter((r) => r.y !== 0);
  const right = (subset: Row[]) => `${subset.filter((r) => decidedRight(r, kind(r))).length}/${subset.length}`;
  const left = (subset: Row[]) => `${subset.filter((r) => kind(r) === 'none').length}/${subset.length}`;
  const variants = rows.filter((r) => r.variant && !r.handover);
  return { kept: right(bot), skillLines: right(skill), probes: right(rows.filter((r) => r.probe)), formAnswersLeft: left(rows.filter((r) => r.answer)), examplesWithValueLeft: left(variants), passingLeft: left(rows.filter((r) => r.passing)) };
}
