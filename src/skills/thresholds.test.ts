import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FITTED_THRESHOLD_NAMES, FITTED_THRESHOLDS_FILE, HAND_SET_THRESHOLDS, parseFittedThresholds, SKILL_THRESHOLDS, UNFITTED_THRESHOLDS } from './thresholds.ts';

const stored = () => JSON.parse(readFileSync(FITTED_THRESHOLDS_FILE, 'utf8')) as Record<string, number>;

describe('the skill thresholds', () => {
  it('are the fitted ones where fitted and the hand-set ones elsewhere', () => {
    const fitted = stored();
    for (const name of FITTED_THRESHOLD_NAMES) expect(SKILL_THRESHOLDS[name]).toBe(fitted[name]);
    for (const name of UNFITTED_THRESHOLDS) expect(SKILL_THRESHOLDS[name]).toBe(HAND_SET_THRESHOLDS[name]);
  });

  it('fit all but those a value, the bot\'s own lines or its classifier decide', () => {
    expect(FITTED_THRESHOLD_NAMES).toContain('outOfScope');
    expect(FITTED_THRESHOLD_NAMES).not.toContain('outOfScopeWithValue');
    expect(FITTED_THRESHOLD_NAMES).not.toContain('ownPersonLine');
    expect(FITTED_THRESHOLD_NAMES).not.toContain('smallTalkOverBot');
    expect(FITTED_THRESHOLD_NAMES.length + UNFITTED_THRESHOLDS.length).toBe(Object.keys(HAND_SET_THRESHOLDS).length);
  });

  it('refuse a stored file with a name missing or unknown, a value no probability, or bars out of order', () => {
    const good = stored();
    expect(parseFittedThresholds(JSON.stringify(good))).toEqual(good);
    const { human: _dropped, ...missing } = good;
    expect(() => parseFittedThresholds(JSON.stringify(missing))).toThrow(/missing: human/);
    expect(() => parseFittedThresholds(JSON.stringify({ ...good, ownPersonLine: 0.5 }))).toThrow(/not fitted: ownPersonLine/);
    expect(() => parseFittedThresholds(JSON.stringify({ ...good, outOfScope: 1.5 }))).toThrow(/not a probability: outOfScope/);
    expect(() => parseFittedThresholds(JSON.stringify({ ...good, outOfScope: '0.8' }))).toThrow(/not a probability/);
    expect(() => parseFittedThresholds(JSON.stringify({ ...good, outOfScopeWithWeakDomainWord: 0.99 }))).toThrow(/out of order: outOfScopeWithWeakDomainWord > outOfScopeWithStrongDomainWord/);
    expect(() => parseFittedThresholds('{')).toThrow();
  });
});
