import { describe, expect, it } from 'vitest';
import { syntheticReading } from '../../src/skills/testing.ts';
import { FITTED_THRESHOLD_NAMES, HAND_SET_THRESHOLDS } from '../../src/skills/thresholds.ts';
import { fitThresholds, thresholdScore, type ThresholdRow } from './fit-thresholds.ts';

/** Out-of-scope readings at `confidence`, right when read as out of scope (`off`) or as the bot's (`!off`). */
const rowsAt = (confidences: number[], off: boolean): ThresholdRow[] =>
  confidences.map((c) => ({ reading: syntheticReading('out_of_scope', c), right: (kind) => (kind === 'out_of_scope') === off, weight: 1 }));

describe('fitting the skill decision thresholds', () => {
  it('moves a threshold to where it separates the rows, and keeps those the rows do not decide', () => {
    // Off-domain messages read at 0.62–0.7, the bot's own at 0.3–0.5: the start (0.8) loses every off-domain one.
    const rows = [...rowsAt([0.62, 0.65, 0.7], true), ...rowsAt([0.3, 0.4, 0.5], false)];
    expect(thresholdScore(rows, HAND_SET_THRESHOLDS)).toBe(3);
    const fitted = fitThresholds(rows, HAND_SET_THRESHOLDS);
    expect(thresholdScore(rows, fitted)).toBe(6);
    expect(fitted.outOfScope).toBeGreaterThan(0.5);
    expect(fitted.outOfScope).toBeLessThanOrEqual(0.625);
    expect(fitted.human).toBe(HAND_SET_THRESHOLDS.human);
    expect(fitted.smallTalk).toBe(HAND_SET_THRESHOLDS.smallTalk);
  });

  it('gives the same thresholds for the same rows', () => {
    const rows = [...rowsAt([0.55, 0.9], true), ...rowsAt([0.2, 0.45], false)];
    expect(fitThresholds(rows, HAND_SET_THRESHOLDS)).toEqual(fitThresholds([...rows], HAND_SET_THRESHOLDS));
  });
});

describe('the thresholds fitted', () => {
  it('move only on the gain asked for', () => {
    const rows = [...rowsAt([0.62, 0.65, 0.7], true), ...rowsAt([0.3, 0.4, 0.5], false)];
    expect(fitThresholds(rows, HAND_SET_THRESHOLDS, FITTED_THRESHOLD_NAMES, { minGain: 3 }).outOfScope).toBe(HAND_SET_THRESHOLDS.outOfScope);
    expect(fitThresholds(rows, HAND_SET_THRESHOLDS, FITTED_THRESHOLD_NAMES, { minGain: 2 }).outOfScope).toBeLessThanOrEqual(0.625);
  });

  it('keep what the rules mean: a bar the order puts higher never ends lower', () => {
    // The bot's rows read out of scope at 0.94–0.97 with a weak word of the bot's: unordered, the weak word's bar
    // would rise above the strong word's (0.95).
    const weak = (c: number, off: boolean): ThresholdRow => ({ reading: syntheticReading('out_of_scope', c, { domainWords: ['viaj'] }), right: (kind) => (kind === 'out_of_scope') === off, weight: 1 });
    const rows = [weak(0.94, false), weak(0.96, false), weak(0.97, false), weak(0.3, false)];
    const fitted = fitThresholds(rows, HAND_SET_THRESHOLDS, ['outOfScopeWithWeakDomainWord']);
    expect(fitted.outOfScopeWithWeakDomainWord).toBeLessThanOrEqual(HAND_SET_THRESHOLDS.outOfScopeWithStrongDomainWord);
    expect(fitThresholds(rows, { ...HAND_SET_THRESHOLDS, outOfScopeWithStrongDomainWord: 1 }, ['outOfScopeWithWeakDomainWord']).outOfScopeWithWeakDomainWord).toBeGreaterThan(0.97);
  });
});
