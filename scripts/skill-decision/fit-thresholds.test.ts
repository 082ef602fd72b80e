import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SKILL_THRESHOLDS } from '../../src/skills/decide.ts';
import { syntheticReading } from '../../src/skills/testing.ts';
import { FITTED_THRESHOLDS, FITTED_THRESHOLDS_FILE, fitThresholds, thresholdScore, type ThresholdRow } from './fit-thresholds.ts';

/** Out-of-scope readings at `confidence`, right when read as out of scope (`off`) or as the bot's (`!off`). */
const rowsAt = (confidences: number[], off: boolean): ThresholdRow[] =>
  confidences.map((c) => ({ reading: syntheticReading('out_of_scope', c), right: (kind) => (kind === 'out_of_scope') === off, weight: 1 }));

describe('fitting the skill decision thresholds', () => {
  it('moves a threshold to where it separates the rows, and keeps those the rows do not decide', () => {
    // Off-domain messages read at 0.62–0.7, the bot's own at 0.3–0.5: the start (0.8) loses every off-domain one.
    const rows = [...rowsAt([0.62, 0.65, 0.7], true), ...rowsAt([0.3, 0.4, 0.5], false)];
    expect(thresholdScore(rows, SKILL_THRESHOLDS)).toBe(3);
    const fitted = fitThresholds(rows, SKILL_THRESHOLDS);
    expect(thresholdScore(rows, fitted)).toBe(6);
    expect(fitted.outOfScope).toBeGreaterThan(0.5);
    expect(fitted.outOfScope).toBeLessThanOrEqual(0.625);
    expect(fitted.human).toBe(SKILL_THRESHOLDS.human);
    expect(fitted.smallTalk).toBe(SKILL_THRESHOLDS.smallTalk);
  });

  it('gives the same thresholds for the same rows', () => {
    const rows = [...rowsAt([0.55, 0.9], true), ...rowsAt([0.2, 0.45], false)];
    expect(fitThresholds(rows, SKILL_THRESHOLDS)).toEqual(fitThresholds([...rows], SKILL_THRESHOLDS));
  });
});

describe('the thresholds fitted', () => {
  it('are the runtime\'s but those a value, the bot\'s own lines or its classifier decide', () => {
    expect(FITTED_THRESHOLDS).toContain('outOfScope');
    expect(FITTED_THRESHOLDS).not.toContain('outOfScopeWithValue');
    expect(FITTED_THRESHOLDS).not.toContain('ownPersonLine');
    expect(FITTED_THRESHOLDS).not.toContain('smallTalkOverBot');
    expect(Object.keys(SKILL_THRESHOLDS)).toEqual(expect.arrayContaining([...FITTED_THRESHOLDS]));
  });

  it('are stored for every threshold fitted, each a probability', () => {
    const stored = JSON.parse(readFileSync(FITTED_THRESHOLDS_FILE, 'utf8')) as Record<string, number>;
    expect(Object.keys(stored).sort()).toEqual([...FITTED_THRESHOLDS].sort());
    for (const value of Object.values(stored)) expect(value >= 0 && value <= 1).toBe(true);
  });

  it('move only on the gain asked for', () => {
    const rows = [...rowsAt([0.62, 0.65, 0.7], true), ...rowsAt([0.3, 0.4, 0.5], false)];
    expect(fitThresholds(rows, SKILL_THRESHOLDS, FITTED_THRESHOLDS, { minGain: 3 }).outOfScope).toBe(SKILL_THRESHOLDS.outOfScope);
    expect(fitThresholds(rows, SKILL_THRESHOLDS, FITTED_THRESHOLDS, { minGain: 2 }).outOfScope).toBeLessThanOrEqual(0.625);
  });
});
