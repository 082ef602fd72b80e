import { describe, expect, it } from 'vitest';
import { decodeWordVectors, encodeWordVectors, WordVectorEmbedder } from './word-vectors.ts';
import { wordVectorLanguages, wordVectors } from './index.ts';
import { normalize } from '../normalize.ts';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('word-vector tables', () => {
  const words = ['card', 'lost', 'stolen', 'the'];
  const vectors = [
    [1, 0, 0],
    [0, 1, 0.5],
    [0, 0.9, 0.6],
    [0.3, -0.3, 0.3],
  ];
  const bytes = encodeWordVectors({ dim: 3, source: 'test', licence: 'none' }, words, [1, 1, 1, 0.01], vectors);

  it('round-trips through bytes, int8 within 1% of each row', () => {
    const t = decodeWordVectors(bytes);
    expect(t.words).toEqual(words);
    expect(t.count).toBe(4);
    expect(t.source).toBe('test');
    for (let i = 0; i < words.length; i++) {
      for (let j = 0; j < 3; j++) expect(Math.abs(t.scales[i] * t.components[i * 3 + j] - vectors[i][j])).toBeLessThan(0.01 * Math.max(...vectors[i].map(Math.abs)));
    }
    expect(Array.from(t.weights)).toEqual([1, 1, 1, Math.fround(0.01)]);
  });

  it('rejects other bytes and mismatched inputs', () => {
    expect(() => decodeWordVectors(new TextEncoder().encode('not a table at all'))).toThrow(/word-vector/);
    expect(() => decodeWordVectors(bytes.subarray(0, bytes.length - 3))).toThrow();
    expect(() => encodeWordVectors({ dim: 3, source: '', licence: '' }, ['a'], [1], [[1, 2]])).toThrow(/components/);
    expect(() => encodeWordVectors({ dim: 1, source: '', licence: '' }, ['a\nb'], [1], [[1]])).toThrow(/single lines/);
  });

  it('embeds a text as the weighted mean of its known words, unit length; null without a known word', () => {
    const e = new WordVectorEmbedder(decodeWordVectors(bytes), { id: 't', weight: 0.5 });
    const v = e.embed('the card')!;
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    // "the" weighs 0.01: the mean is almost card's vector.
    expect(v[0]).toBeGreaterThan(0.99);
    expect(e.embed('my lost card')![1]).toBeGreaterThan(0.5);
    expect(e.embed('nothing known here')).toBeNull();
    expect(cosine(e.embed('lost')!, e.embed('stolen')!)).toBeGreaterThan(0.95);
  });
});

describe('the shipped English table', () => {
  it('is there for English only', () => {
    expect(wordVectorLanguages()).toEqual(['en']);
    expect(wordVectors('pt')).toBeNull();
    const en = wordVectors('en')!;
    expect(en.dim).toBeGreaterThan(0);
    expect(wordVectors('en')).toBe(en);
  });

  it('puts related words and texts closer than unrelated ones', () => {
    const en = wordVectors('en')!;
    const v = (t: string) => en.embed(normalize(t, 'en'))!;
    expect(cosine(v('lost'), v('stolen'))).toBeGreaterThan(cosine(v('lost'), v('pizza')));
    expect(cosine(v('money'), v('cash'))).toBeGreaterThan(cosine(v('money'), v('weather')));
    expect(cosine(v('someone took my wallet'), v('my purse was stolen'))).toBeGreaterThan(cosine(v('someone took my wallet'), v('what is the weather tomorrow')));
  });
});
