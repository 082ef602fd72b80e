import { describe, expect, it } from 'vitest';
import { decideWithModel as decideSkill, parseDecisionModel } from './decision-model.ts';
import { syntheticReading } from '../../src/skills/testing.ts';
import { fitDecisionModel, serializeDecisionModel, type DecisionRow } from './fit-decision.ts';

/**
 * A tiny synthetic set with a corner the rules draw: a sure out-of-scope reading is out of scope, unless the
 * message also says one of the bot's words (then it is the bot's); requests for a person and the bot's own messages.
 */
function syntheticRows(): DecisionRow[] {
  const rows: DecisionRow[] = [];
  for (let i = 0; i < 20; i++) {
    const sure = 0.8 + i / 100;
    rows.push({ reading: syntheticReading('out_of_scope', sure), kind: 'out_of_scope' });
    rows.push({ reading: syntheticReading('out_of_scope', sure, { domainWords: ['mensal'] }), kind: 'none' });
    rows.push({ reading: syntheticReading('domain', sure), kind: 'none' });
    rows.push({ reading: syntheticReading('human', sure), kind: 'human' });
  }
  return rows;
}

describe('fitting the decision model', () => {
  it('learns the corner from the rows, and its JSON loads as the same model', () => {
    const model = fitDecisionModel(syntheticRows(), { boost: { rounds: 40, learningRate: 0.3 } });
    const kind = (r: ReturnType<typeof syntheticReading>) => decideSkill(r, model)?.kind ?? 'none';
    expect(kind(syntheticReading('out_of_scope', 0.9))).toBe('out_of_scope');
    expect(kind(syntheticReading('out_of_scope', 0.9, { domainWords: ['mensal'] }))).toBe('none');
    expect(kind(syntheticReading('domain', 0.9))).toBe('none');
    expect(kind(syntheticReading('human', 0.9))).toBe('human');
    const loaded = parseDecisionModel(serializeDecisionModel(model));
    expect(kind(syntheticReading('out_of_scope', 0.85, { domainWords: ['mensal'] }))).toBe(decideSkill(syntheticReading('out_of_scope', 0.85, { domainWords: ['mensal'] }), loaded)?.kind ?? 'none');
  });

  it('does not train on a row of weight 0, and weighs the bot\'s own rows by noneWeight', () => {
    // The same reading labelled both ways: the label that counts more wins.
    const same = syntheticReading('out_of_scope', 0.6);
    const rows: DecisionRow[] = [...Array.from({ length: 10 }, (): DecisionRow => ({ reading: same, kind: 'out_of_scope' })), ...Array.from({ length: 10 }, (): DecisionRow => ({ reading: same, kind: 'none' }))];
    const kindUnder = (r: DecisionRow[], noneWeight: number) => decideSkill(same, fitDecisionModel(r, { noneWeight, boost: { rounds: 20, minLeafWeight: 0.01 } }))?.kind ?? 'none';
    expect(kindUnder(rows, 3)).toBe('none');
    expect(kindUnder(rows, 1 / 3)).toBe('out_of_scope');
    const noneIgnored = rows.map((r): DecisionRow => (r.kind === 'none' ? { ...r, weight: 0 } : r));
    const persons = Array.from({ length: 10 }, (): DecisionRow => ({ reading: syntheticReading('human', 0.9), kind: 'human' }));
    expect(kindUnder([...noneIgnored, ...persons], 3)).toBe('out_of_scope');
  });
});
