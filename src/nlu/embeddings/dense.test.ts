import { describe, expect, it } from 'vitest';
import { DENSE_FEATURES_BELOW, TextClassifier } from '../classifier.ts';
import { createLocalUnderstander } from '../understander.ts';
import type { Example } from '../types.ts';
import type { DenseFeatures } from './dense.ts';

// A toy representation that knows two groups of related words the examples never pair up.
const GROUPS: Record<string, number> = { lost: 0, stolen: 0, missing: 0, took: 0, address: 1, moved: 1, home: 1, house: 1 };
const toy: DenseFeatures = {
  id: 'toy',
  dim: 2,
  weight: 1,
  embed(normalized) {
    const v = new Float32Array(2);
    for (const w of normalized.split(' ')) if (w in GROUPS) v[GROUPS[w]] = 1;
    const n = Math.hypot(...v);
    return n ? v.map((x) => x / n) : null;
  },
};

const ex = (intent: string, texts: string[]): Example[] => texts.map((text) => ({ text, intent }));
const EXAMPLES = [
  ...ex('lost_card', ['i lost my card', 'my card is lost', 'lost card help', 'card was lost yesterday']),
  ...ex('change_address', ['change my address', 'update the address please', 'new address for the account', 'address update']),
  ...ex('greeting', ['hello there', 'hi', 'good morning', 'hey how are you']),
];

function trained(options: ConstructorParameters<typeof TextClassifier>[0]): TextClassifier {
  const c = new TextClassifier(options);
  c.train(EXAMPLES);
  return c;
}

describe('dense features in the classifier', () => {
  // No unknown-word damping: the words these tests use are unseen on purpose.
  const plain = trained({ language: 'en', wordVectors: false, unknownWordDamping: 0 });
  const withToy = trained({ language: 'en', dense: toy, unknownWordDamping: 0 });
  const score = (c: TextClassifier, text: string, id: string) => c.predict(text).find((s) => s.id === id)!.confidence;

  it('carry what a representation knows to words the examples never used', () => {
    expect(withToy.predict('someone stolen it')[0].id).toBe('lost_card');
    expect(withToy.predict('we moved house')[0].id).toBe('change_address');
    expect(score(withToy, 'someone stolen it', 'lost_card')).toBeGreaterThan(score(plain, 'someone stolen it', 'lost_card') + 0.1);
    expect(score(withToy, 'we moved house', 'change_address')).toBeGreaterThan(score(plain, 'we moved house', 'change_address') + 0.1);
  });

  it('are kept in the snapshot, which only restores with the same representation', () => {
    const bytes = withToy.toSnapshot();
    const restored = TextClassifier.fromSnapshot({ language: 'en', dense: toy, unknownWordDamping: 0 }, bytes);
    for (const text of ['someone stolen it', 'we moved house', 'hello', 'zzz']) expect(restored.predict(text)).toEqual(withToy.predict(text));
    expect(() => TextClassifier.fromSnapshot({ language: 'en', wordVectors: false }, bytes)).toThrow(/dense/);
    expect(() => TextClassifier.fromSnapshot({ language: 'en', dense: { ...toy, id: 'other' } }, bytes)).toThrow(/dense/);
    expect(() => TextClassifier.fromSnapshot({ language: 'en', dense: toy }, plain.toSnapshot())).toThrow(/dense/);
  });

  it('are the shipped word vectors by default for English, and nothing for other languages', () => {
    const en = trained({ language: 'en' });
    const off = trained({ language: 'en', wordVectors: false });
    expect(en.toSnapshot().length).toBeGreaterThan(off.toSnapshot().length);
    expect(() => TextClassifier.fromSnapshot({ language: 'en', wordVectors: false }, en.toSnapshot())).toThrow(/dense/);
    const pt = new TextClassifier({ language: 'pt' });
    pt.train(EXAMPLES);
    expect(() => TextClassifier.fromSnapshot({ language: 'pt', wordVectors: false }, pt.toSnapshot())).not.toThrow();
  });

  it('follow the understanding option: a classifier trained with them is not restored without them', () => {
    const options = { language: 'en' as const, threshold: 0.5, fallback: 'greeting', exclusive: [], multiIntent: false };
    const on = createLocalUnderstander(EXAMPLES, options);
    expect(createLocalUnderstander(EXAMPLES, options, on.snapshot()).restored).toBe(true);
    expect(createLocalUnderstander(EXAMPLES, { ...options, wordVectors: false }, on.snapshot()).restored).toBe(false);
  });

  it('are left out of a large training set, which has learnt the same from its n-grams', () => {
    const many: Example[] = [];
    for (let i = 0; i < DENSE_FEATURES_BELOW; i++) many.push({ text: i % 2 ? `i lost card number ${i} item${i}` : `change address ${i} street${i}`, intent: i % 2 ? 'lost_card' : 'change_address' });
    const large = new TextClassifier({ language: 'en', dense: toy, epochs: 2 });
    large.train(many);
    const plain = new TextClassifier({ language: 'en', wordVectors: false, epochs: 2 });
    plain.train(many);
    expect(large.toSnapshot().length).toBe(plain.toSnapshot().length);
    expect(TextClassifier.fromSnapshot({ language: 'en', dense: toy }, large.toSnapshot()).predict('stolen')).toEqual(large.predict('stolen'));
  });
});
