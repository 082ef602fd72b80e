// Fitting the skill decision model (src/skills/decide.ts) on labelled readings: what scripts/fit-skill-detector.ts
// runs on the reference bots' readings, and its tests on a few synthetic ones.
import { fitBoosted, type BoostOptions } from './boosted-trees.ts';
import { DECISION_CLASSES, DECISION_FEATURES, decisionFeatures } from '../../src/skills/decision-features.ts';
import type { DecisionModel } from '../../src/skills/decide.ts';
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

/** Each class weighs as much in total (the bot's own rows `noneWeight` times that), each row times its own weight. */
export function fitDecisionModel(rows: DecisionRow[], options: DecisionFitOptions = {}): DecisionModel {
  const trained = rows.filter((r) => (r.weight ?? 1) > 0);
  const classIndex = rows.map((r) => DECISION_CLASSES.indexOf(r.kind));
  const counts = DECISION_CLASSES.map((c) => trained.filter((r) => r.kind === c).length || 1);
  const classWeight = counts.map((n, c) => (trained.length / (DECISION_CLASSES.length * n)) * (c === 0 ? (options.noneWeight ?? 1) : 1));
  const weight = rows.map((r, i) => classWeight[classIndex[i]] * (r.weight ?? 1));
  const trees = fitBoosted({ x: rows.map((r) => decisionFeatures(r.reading)), y: classIndex, weight }, DECISION_CLASSES, options.boost);
  return { features: DECISION_FEATURES, ...trees };
}

/** The model as the JSON decision-model.json holds: numbers to five significant digits. */
export function serializeDecisionModel(model: DecisionModel): string {
  return `${JSON.stringify(model, (_, v: unknown) => (typeof v === 'number' ? +v.toPrecision(5) : v))}\n`;
}
