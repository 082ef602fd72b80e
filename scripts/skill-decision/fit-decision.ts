// Fitting the skill decision model (decision-model.ts) on labelled readings: what scripts/fit-skill-detector.ts
// runs on the reference bots' readings, and its tests on a few synthetic ones.
import { fitBoosted, type BoostOptions } from './boosted-trees.ts';
import { DECISION_CLASSES, DECISION_FEATURES, decisionFeatures } from './decision-features.ts';
import type { DecisionModel } from './decision-model.ts';
import type { SkillReading } from '../../src/skills/reading.ts';

export type DecisionClass = (typeof DECISION_CLASSES)[number];

export interface DecisionRow {
  reading: SkillReading;
  kind: DecisionClass;
  /** Times its class's weight this row counts (0: not trained on). 1 when absent. */
  weight?: number;
}

export interface DecisionFitOptions {
  boost?: Partial<BoostOptions>;
  /** The bot's own rows ('none') count this many times a skill's class (each class otherwise weighs as much in total). */
  noneWeight?: number;
}

const SCORED_AS: Record<DecisionClass, string> = { none: 'domain', human: 'human', out_of_scope: 'out_of_scope', greeting: 'greeting', thanks: 'thanks', acknowledge: 'acknowledge', goodbye: 'goodbye', bot_question: 'bot_question' };
const PROTECTS = ['domainWords', 'strongDomainWord', 'hasValue'];

/** A class's direction for a feature: up with its own score and down with another's, down with what protects the bot's messages (up for the bot's own). */
function direction(c: DecisionClass, feature: string): number {
  if (feature.startsWith('score.')) return feature === `score.${SCORED_AS[c]}` ? 1 : -1;
  if (PROTECTS.includes(feature)) return c === 'none' ? 1 : -1;
  return 0;
}

/**
 * What is known of the decision before any row, as monotone constraints: a word of the bot's, or a value a form may
 * be collecting, never makes a skill likelier; the detector's score of a class never makes that class less likely,
 * nor another's more. As the booster takes them: per class, per feature of DECISION_FEATURES.
 */
function monotoneConstraints(): number[][] {
  return DECISION_CLASSES.map((c) => DECISION_FEATURES.map((f) => direction(c, f)));
}

/** Each class weighs as much in total (the bot's own rows `noneWeight` times that), each row times its own weight. */
export function fitDecisionModel(rows: DecisionRow[], options: DecisionFitOptions = {}): DecisionModel {
  const trained = rows.filter((r) => (r.weight ?? 1) > 0);
  const classIndex = rows.map((r) => DECISION_CLASSES.indexOf(r.kind));
  const counts = DECISION_CLASSES.map((c) => trained.filter((r) => r.kind === c).length || 1);
  const classWeight = counts.map((n, c) => (trained.length / (DECISION_CLASSES.length * n)) * (c === 0 ? (options.noneWeight ?? 1) : 1));
  const weight = rows.map((r, i) => classWeight[classIndex[i]] * (r.weight ?? 1));
  const boost = { monotone: monotoneConstraints(), ...options.boost };
  const trees = fitBoosted({ x: rows.map((r) => decisionFeatures(r.reading)), y: classIndex, weight }, DECISION_CLASSES, boost);
  return { features: DECISION_FEATURES, ...trees };
}

/** The model as the JSON decision-model.json holds: numbers to five significant digits. */
export function serializeDecisionModel(model: DecisionModel): string {
  return `${JSON.stringify(model, (_, v: unknown) => (typeof v === 'number' ? +v.toPrecision(5) : v))}\n`;
}
