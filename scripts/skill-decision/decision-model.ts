// The skill decision as a fitted model, beside the hand-set rules (src/skills/decide.ts, still the runtime's): a few
// readings made by word lists and sentence shapes decide first (guards.ts), the rest is boosted shallow trees over the
// reading's features (decision-features.ts), fitted and cross-validated from training data only by
// scripts/fit-skill-detector.ts and stored in decision-model.json. docs/skills.md says why it is not wired.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SkillKind, SkillVerdict } from '../../src/skills/decide.ts';
import type { SkillReading } from '../../src/skills/reading.ts';
import { DECISION_CLASSES, DECISION_FEATURES, decisionFeatures, scoreOf, SMALL_TALK_IDS } from './decision-features.ts';
import { predictBoosted, type BoostedTrees } from './decision-trees.ts';
import { guardVerdict } from './guards.ts';

export interface DecisionModel extends BoostedTrees {
  /** The feature names it was fitted on: a model of other features is refused. */
  features: readonly string[];
}

/** The model's class for a reading: the most probable. */
function decisionClass(model: DecisionModel, r: SkillReading): string {
  const p = predictBoosted(model, decisionFeatures(r));
  return model.classes[p.indexOf(Math.max(...p))];
}

/**
 * The skill a message calls for, or null when it is the bot's business: a guard's verdict (guards.ts), else the
 * model's most probable class. The confidence is the detector's own score of that kind (1 for a short reply read by
 * its words); a request for a person that shares the bot's words says so.
 */
export function decideWithModel(r: SkillReading, model: DecisionModel = decisionModel()): SkillVerdict | null {
  return guardVerdict(r) ?? modelVerdict(r, model);
}

/** The model's verdict alone, on a reading no guard decided. */
function modelVerdict(r: SkillReading, model: DecisionModel): SkillVerdict | null {
  const kind = decisionClass(model, r);
  if (kind === 'none' || !readAs(r, kind)) return null;
  if (kind === r.shortReply && !r.strongDomainWord) return { kind, confidence: 1, byWords: true };
  const mentionsBot = kind === 'human' && r.domainWords.length > 0;
  return { kind: kind as SkillKind, confidence: scoreOf(r, kind), ...(mentionsBot ? { mentionsBot: true } : {}) };
}

/**
 * Whether the detector itself leans to the model's kind of small talk or request for a person: its best class, or
 * for a request for a person a part of the message that asks for one after small talk ("hi, a person please").
 */
function readAs(r: SkillReading, kind: string): boolean {
  if (kind !== 'human' || kind === r.best.id) return true;
  return kind === 'human' && SMALL_TALK_IDS.includes(r.best.id) && r.partHuman > scoreOf(r, r.best.id) / 4;
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
function decisionModel(): DecisionModel {
  return (loaded ??= parseDecisionModel(readFileSync(DECISION_MODEL_FILE, 'utf8')));
}
