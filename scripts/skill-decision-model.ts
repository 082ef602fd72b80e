// The built-in skill decision as a small model: a multinomial logistic regression over the detector's reading,
// fitted and cross-validated by scripts/fit-skill-detector.ts from training data only (the reference bots'
// examples and the skills data lines). Not wired into the runtime: decideSkill (src/skills/decide.ts) decides.
import type { SkillReading } from '../src/skills/index.ts';

/** The model's classes: the bot's own business first, then the skills. */
export const DECISION_CLASSES = ['none', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'] as const;

export interface DecisionModel {
  classes: readonly string[];
  /** One row per class: a weight per feature, then the bias. */
  weights: number[][];
  /** Below this probability the best skill is not taken (the bot's business). */
  threshold: number;
}

const SCORED = ['domain', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'];

/** The reading as numbers: the detector's scores, its signs (the bot's words, a value, another topic's words) and their products with the scores they qualify. */
export function decisionFeatures(r: SkillReading): number[] {
  const score = (id: string) => r.scores.find((s) => s.id === id)?.confidence ?? 0;
  const shared = r.domainWords.length > 0 ? 1 : 0;
  const value = r.hasValue ? 1 : 0;
  const offTopic = r.offTopicWords.length > 0 ? 1 : 0;
  const things = r.thingWords.length > 0 ? 1 : 0;
  const oos = score('out_of_scope');
  const human = score('human');
  const passerOos = r.passerBy?.find((s) => s.id === 'out_of_scope')?.confidence ?? 0;
  const smallTalk = ['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'].reduce((sum, id) => sum + score(id), 0);
  return [
    ...SCORED.map(score),
    r.partHuman,
    shared,
    r.strongDomainWord ? 1 : 0,
    value,
    r.gibberish ? 1 : 0,
    offTopic,
    things,
    r.foreignWords.length > 0 ? 1 : 0,
    passerOos,
    r.coverage,
    oos * shared,
    oos * value,
    oos * offTopic,
    oos * things,
    oos * (r.strongDomainWord ? 1 : 0),
    human * shared,
    human * value,
    smallTalk * shared,
    passerOos * (1 - value),
  ];
}

/** The class probabilities of a feature vector. */
export function predictDecision(model: Pick<DecisionModel, 'weights'>, x: number[]): number[] {
  const z = model.weights.map((w) => w.reduce((sum, wj, j) => sum + wj * (j < x.length ? x[j] : 1), 0));
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / total);
}
