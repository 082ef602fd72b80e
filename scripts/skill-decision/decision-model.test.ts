import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECISION_CLASSES, DECISION_FEATURES, decisionFeatures } from './decision-features.ts';
import { DECISION_MODEL_FILE, decideWithModel as decideSkill, parseDecisionModel, type DecisionModel } from './decision-model.ts';
import { syntheticReading } from '../../src/skills/testing.ts';

/** A model of one stump per class, on the class's own "best" flag: each class wins where the detector reads it best. */
function bestFlagModel(): DecisionModel {
  const flagOf = (c: string) => DECISION_FEATURES.indexOf(`best.${c === 'none' ? 'domain' : c}`);
  return { features: DECISION_FEATURES, classes: DECISION_CLASSES, base: DECISION_CLASSES.map(() => 0), rounds: [DECISION_CLASSES.map((c) => [flagOf(c), 0.5, 0, 5])] };
}

describe('the decision model', () => {
  it('reads a reading as named features', () => {
    const x = decisionFeatures(syntheticReading('out_of_scope', 0.9, { domainWords: ['consult'], hasValue: true, shortReply: 'thanks' }));
    const at = (name: string) => x[DECISION_FEATURES.indexOf(name)];
    expect(x).toHaveLength(DECISION_FEATURES.length);
    expect([at('score.out_of_scope'), at('best.out_of_scope'), at('best.domain'), at('domainWords'), at('hasValue'), at('shortReply.thanks'), at('shortReply.acknowledge')]).toEqual([0.9, 1, 0, 1, 1, 1, 0]);
  });

  it('gives the verdict of the class it finds most probable', () => {
    const model = bestFlagModel();
    expect(decideSkill(syntheticReading('domain', 0.8), model)).toBeNull();
    expect(decideSkill(syntheticReading('out_of_scope', 0.7), model)).toEqual({ kind: 'out_of_scope', confidence: 0.7 });
    expect(decideSkill(syntheticReading('human', 0.6, { domainWords: ['entreg'] }), model)).toEqual({ kind: 'human', confidence: 0.6, mentionsBot: true });
    expect(decideSkill(syntheticReading('thanks', 0.5, { shortReply: 'thanks' }), model)).toEqual({ kind: 'thanks', confidence: 1, byWords: true });
  });

  it('refuses a model fitted on other features or classes, and decides with the checked-in one', () => {
    const json = JSON.stringify(bestFlagModel());
    expect(parseDecisionModel(json).rounds).toHaveLength(1);
    expect(() => parseDecisionModel(JSON.stringify({ ...bestFlagModel(), features: ['score.domain'] }))).toThrow(/other features/);
    expect(() => parseDecisionModel(JSON.stringify({ ...bestFlagModel(), classes: ['none', 'human'] }))).toThrow(/other classes/);
    expect(() => parseDecisionModel(JSON.stringify({ ...bestFlagModel(), rounds: [[0]] }))).toThrow(/malformed/);
    const stored = parseDecisionModel(readFileSync(DECISION_MODEL_FILE, 'utf8'));
    expect(stored.rounds.length).toBeGreaterThan(0);
    expect(decideSkill(syntheticReading('domain', 0.95))).toBeNull();
    expect(decideSkill(syntheticReading('human', 0.95))?.kind).toBe('human');
  });
});
