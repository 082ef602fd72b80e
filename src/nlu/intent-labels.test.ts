import { describe, expect, it } from 'vitest';
import { intentExamples, intentIdText, labelExamples, LABEL_EVIDENCE_BELOW } from './intent-labels.ts';
import { sampleShots, trainingExamples } from './bench-data.ts';

describe('label semantics', () => {
  it('makes intent ids into words', () => {
    expect(intentIdText('card_payment_fee_charged')).toBe('card payment fee charged');
    expect(intentIdText('alarm/set_alarm')).toBe('alarm set alarm');
    expect(intentIdText('getRefund')).toBe('get refund');
  });

  it('one example per intent from its label or id, never from skipped ones or names without letters', () => {
    expect(labelExamples([{ id: 'trial', label: 'Aula experimental' }, { id: 'top_up' }, { id: 'oos' }, { id: '42' }], ['oos'])).toEqual([
      { text: 'Aula experimental', intent: 'trial' },
      { text: 'top up', intent: 'top_up' },
    ]);
  });

  it("a bot's examples plus the labels of the intents that have a few (not none, not many)", () => {
    const many = Array.from({ length: LABEL_EVIDENCE_BELOW }, (_, i) => `hello number ${i}`);
    const ex = intentExamples({ price: { label: 'Price question', examples: ['how much'] }, human: { label: 'Talk to a person', examples: [] }, greet: { label: 'Greeting', examples: many } });
    expect(ex.filter((e) => e.intent !== 'greet')).toEqual([
      { text: 'how much', intent: 'price' },
      { text: 'Price question', intent: 'price' },
    ]);
    expect(ex.filter((e) => e.intent === 'greet').map((e) => e.text)).toEqual(many);
  });

  it("a dataset's lines plus its intents' names, except the fallback's", () => {
    const lines = [
      { text: 'hi', intents: ['greet'] },
      { text: 'weather on mars?', intents: ['oos'] },
    ];
    expect(trainingExamples(lines, { fallback: 'oos' }).map((e) => e.text)).toEqual(['hi', 'weather on mars?', 'greet']);
    expect(trainingExamples(lines, { fallback: 'oos', labels: false })).toHaveLength(2);
  });
});

describe('sampleShots', () => {
  const lines = Array.from({ length: 60 }, (_, i) => ({ text: `line ${i}`, intents: [`i${i % 3}`] }));
  it('takes k lines per intent, the same ones for the same seed, others for another seed', () => {
    const a = sampleShots(lines, 5, 1);
    expect(a).toHaveLength(15);
    for (const i of ['i0', 'i1', 'i2']) expect(a.filter((l) => l.intents[0] === i)).toHaveLength(5);
    expect(sampleShots(lines, 5, 1)).toEqual(a);
    expect(sampleShots(lines, 5, 2).map((l) => l.text)).not.toEqual(a.map((l) => l.text));
    expect(sampleShots(lines, 100, 1)).toHaveLength(60);
    expect(() => sampleShots(lines, 0)).toThrow(RangeError);
  });
  it('multi-label lines count for each of their intents', () => {
    const multi = [
      { text: 'a', intents: ['x', 'y'] },
      { text: 'b', intents: ['x'] },
      { text: 'c', intents: ['y'] },
    ];
    const s = sampleShots(multi, 1, 3);
    const counts = (i: string) => s.filter((l) => l.intents.includes(i)).length;
    expect(counts('x')).toBeGreaterThanOrEqual(1);
    expect(counts('y')).toBeGreaterThanOrEqual(1);
    expect(s.length).toBeLessThanOrEqual(2);
  });
});
