// A classifier's training set prepared: examples grouped by their normalised text (one text, its set of intents),
// and the vocabulary of features kept with their inverse document frequencies.
import type { Example, Language } from './types.ts';
import { normalize } from './normalize.ts';
import { featureKind, FeatureKind } from './features.ts';

/** Share of texts with several intents or none above which 'auto' trains a multi-label model. */
const MULTI_LABEL_SHARE = 0.05;

export interface TrainingTexts {
  /** The intents, sorted. */
  labels: string[];
  /** The distinct normalised texts. */
  texts: string[];
  /** Per text, the indices (in `labels`) of its intents. */
  targets: number[][];
}

/** Examples with the same normalised text and different intents become one text with several intents. */
export function groupByText(examples: Example[], language: Language): TrainingTexts {
  const byText = new Map<string, Set<string>>();
  const labelSet = new Set<string>();
  for (const ex of examples) {
    const key = normalize(ex.text, language);
    let set = byText.get(key);
    if (!set) byText.set(key, (set = new Set()));
    if (ex.intent) {
      set.add(ex.intent);
      labelSet.add(ex.intent);
    }
  }
  const labels = [...labelSet].sort();
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const texts = [...byText.keys()];
  const targets = texts.map((t) => [...byText.get(t)!].map((l) => labelIndex.get(l)!));
  return { labels, texts, targets };
}

/** Whether the mode (and, for 'auto', the share of texts carrying several intents or none) asks for one-vs-rest. */
export function wantsMultiLabel(mode: 'auto' | 'single' | 'multi', targets: number[][]): boolean {
  return mode === 'multi' || (mode === 'auto' && targets.filter((t) => t.length !== 1).length > MULTI_LABEL_SHARE * targets.length);
}

export interface Vocabulary {
  /** Feature key → its index, in the order the features were first seen. */
  vocab: Map<number, number>;
  idf: Float32Array;
  /** The idf of a word no training text has. */
  maxIdf: number;
}

/**
 * The features kept and their idf. Features seen in fewer than `minDf` texts carry little beyond memorisation:
 * dropping them on larger sets makes training faster. Words are always kept.
 */
export function buildVocabulary(rawFeats: Map<number, number>[], minDf: number): Vocabulary {
  const counts = new Map<number, number>();
  for (const f of rawFeats) for (const k of f.keys()) counts.set(k, (counts.get(k) ?? 0) + 1);
  const vocab = new Map<number, number>();
  const df: number[] = [];
  for (const [k, c] of counts) {
    if (c < minDf && featureKind(k) !== FeatureKind.Word) continue;
    vocab.set(k, vocab.size);
    df.push(c);
  }
  const n = rawFeats.length;
  const idf = new Float32Array(df.length);
  for (let i = 0; i < df.length; i++) idf[i] = Math.log((1 + n) / (1 + df[i])) + 1;
  return { vocab, idf, maxIdf: Math.log(1 + n) + 1 };
}
