// The skill decision as a fitted model: boosted shallow trees (boosted-trees.ts) over the detector's reading, fitted
// and cross-validated by scripts/fit-skill-detector.ts from training data only (the reference bots' examples, the
// skills data lines, the bots' generated edge probes) and stored in decision-model.json. Not the runtime's
// decision: the hand-set rules (decideSkill, decide.ts) still decide; docs/skills.md says why.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { predictBoosted, type BoostedTrees } from './boosted-trees.ts';
import type { SkillKind, SkillVerdict } from '../../src/skills/decide.ts';
import type { SkillReading } from '../../src/skills/reading.ts';

/** The model's classes: the bot's own business first, then the skills. */
export const DECISION_CLASSES = ['none', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'] as const;

const SCORED = ['domain', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'] as const;
const SMALL_TALK_IDS: readonly string[] = ['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'];

const score = (r: SkillReading, id: string) => r.scores.find((s) => s.id === id)?.confidence ?? 0;
const flag = (b: boolean) => (b ? 1 : 0);

/** The reading's numbers by name: what the hand-set rules (decide.ts) read, and the share of words seen, as a tree can split on it. */
const FEATURES: Record<string, (r: SkillReading) => number> = {
  ...Object.fromEntries(SCORED.map((id) => [`score.${id}`, (r: SkillReading) => score(r, id)])),
  ...Object.fromEntries(SCORED.map((id) => [`best.${id}`, (r: SkillReading) => flag(r.best.id === id)])),
  'best.confidence': (r) => r.best.confidence,
  'smallTalk.sum': (r) => SMALL_TALK_IDS.reduce((sum, id) => sum + score(r, id), 0),
  domainWords: (r) => r.domainWords.length,
  strongDomainWord: (r) => flag(r.strongDomainWord),
  offTopicWords: (r) => r.offTopicWords.length,
  unnamedOffTopic: (r) => flag(r.offTopicWords.some((w) => r.foreignWords.includes(w))),
  thingWords: (r) => r.thingWords.length,
  elsewhere: (r) => r.elsewhere.length,
  gibberish: (r) => flag(r.gibberish),
  hasValue: (r) => flag(r.hasValue),
  coverage: (r) => r.coverage,
  foreignWords: (r) => r.foreignWords.length,
  passerBy: (r) => flag(r.passerBy !== null),
  'passerBy.out_of_scope': (r) => r.passerBy?.find((s) => s.id === 'out_of_scope')?.confidence ?? 0,
  partHuman: (r) => r.partHuman,
  role: (r) => flag(r.role),
  personRequest: (r) => flag(r.personRequest),
  ownOutOfScope: (r) => r.ownOutOfScope,
  ownPerson: (r) => r.ownPerson,
  'ownPerson-ownOutOfScope': (r) => r.ownPerson - r.ownOutOfScope,
  'shortReply.acknowledge': (r) => flag(r.shortReply === 'acknowledge'),
  'shortReply.thanks': (r) => flag(r.shortReply === 'thanks'),
  'head.other': (r) => flag(r.head === 'other'),
  'head.bot': (r) => flag(r.head === 'bot'),
  quantityOfThing: (r) => flag(r.quantityOfThing),
};

export const DECISION_FEATURES: readonly string[] = Object.keys(FEATURES);

/** The reading as the model's feature vector (in the order of DECISION_FEATURES). */
export function decisionFeatures(r: SkillReading): number[] {
  return DECISION_FEATURES.map((name) => FEATURES[name](r));
}

export interface DecisionModel extends BoostedTrees {
  /** The feature names it was fitted on: a model of other features is refused. */
  features: readonly string[];
}

/** The model's class for a feature vector: the most probable. */
export function decisionClass(model: DecisionModel, x: number[]): string {
  const p = predictBoosted(model, x);
  return model.classes[p.indexOf(Math.max(...p))];
}

/**
 * The model's verdict on a reading, shaped as the rules' (decide.ts): confidence is the detector's own score of
 * the kind (1 for a short reply read by its words), a request for a person sharing the bot's words says so.
 */
export function modelVerdict(model: DecisionModel, r: SkillReading): SkillVerdict | null {
  const kind = decisionClass(model, decisionFeatures(r));
  if (kind === 'none') return null;
  const shared = r.domainWords.length > 0;
  if (kind === r.shortReply && !r.strongDomainWord) return { kind, confidence: 1, byWords: true };
  return { kind: kind as SkillKind, confidence: score(r, kind), ...(kind === 'human' && shared ? { mentionsBot: true } : {}) };
}

/** A model read from JSON, checked against the code's features and classes. */
export function parseDecisionModel(json: string): DecisionModel {
  const model = JSON.parse(json) as DecisionModel;
  if (JSON.stringify(model.features) !== JSON.stringify(DECISION_FEATURES)) throw new Error('decision model: fitted on other features than the code reads (run scripts/fit-skill-detector.ts --write)');
  if (JSON.stringify(model.classes) !== JSON.stringify(DECISION_CLASSES)) throw new Error('decision model: other classes than the code knows');
  if (!Array.isArray(model.base) || !Array.isArray(model.rounds) || model.rounds.some((trees) => trees.length !== model.classes.length)) throw new Error('decision model: malformed');
  return model;
}

export const DECISION_MODEL_FILE = join(dirname(fileURLToPath(import.meta.url)), 'decision-model.json');

let loaded: DecisionModel | undefined;
/** The checked-in model, read once. */
export function decisionModel(): DecisionModel {
  return (loaded ??= parseDecisionModel(readFileSync(DECISION_MODEL_FILE, 'utf8')));
}
