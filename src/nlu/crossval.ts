// k-fold cross-validation of a bot's intent examples: how well the local classifier tells its intents apart
// on examples it did not train on, and which pairs of intents it confuses most.
import { TextClassifier } from './classifier.ts';
import type { Example, Language } from './types.ts';
import { normalize } from './normalize.ts';

export interface CrossValidation {
  folds: number;
  n: number;
  accuracy: number;
  /** Expected → predicted, most frequent first. */
  confused: { expected: string; predicted: string; count: number; example: string }[];
}

/** Character trigrams of a text (with a space at each end). */
export function trigrams(text: string): Set<string> {
  const s = ` ${text} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return out;
}

/** Jaccard similarity of two trigram sets. */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  const union = a.size + b.size - shared;
  return union ? shared / union : 1;
}

/** An extra example this close (trigram Jaccard, normalised text) to a held-out one is left out of that fold. */
const NEAR_DUPLICATE = 0.8;

/**
 * Stratified folds (every intent spread over the folds), a fixed order so the figure is repeatable. `extra`
 * examples (intents' labels, proposed paraphrases) join every training fold and are never tested; one too close
 * to a held-out example is left out of that fold, so a reworded test sentence does not count as generalisation.
 */
export function crossValidate(examples: Example[], language: Language, folds = 5, fallback?: string, extra: Example[] = [], wordVectors?: boolean): CrossValidation {
  const extraGrams = extra.map((e) => ({ e, grams: trigrams(normalize(e.text, language)) }));
  // Trained the way the runtime trains it (src/nlu/understander.ts): a fallback with examples learns
  // out-of-scope itself, so unseen words are not damped.
  const unknownWordDamping = fallback && examples.some((e) => e.intent === fallback) ? 0 : undefined;
  const fold = stratifiedFolds(examples, folds);
  const tally = new Tally();
  for (let k = 0; k < folds; k++) {
    const test = examples.filter((e) => fold.get(e) === k);
    const train = examples.filter((e) => fold.get(e) !== k);
    const heldGrams = test.map((e) => trigrams(normalize(e.text, language)));
    for (const { e, grams } of extraGrams) if (!heldGrams.some((g) => trigramSimilarity(g, grams) >= NEAR_DUPLICATE)) train.push(e);
    if (!test.length || new Set(train.map((e) => e.intent)).size < 2) continue;
    const classifier = new TextClassifier({ language, mode: 'single', seed: 1, unknownWordDamping, wordVectors });
    classifier.train(train);
    for (const e of test) tally.add(e, classifier.predict(e.text)[0]?.id ?? '');
  }
  return { folds, ...tally.result() };
}

/** Each example's fold: each intent's examples dealt in turn, intent after intent, so every intent spans the folds. */
function stratifiedFolds(examples: Example[], folds: number): Map<Example, number> {
  const fold = new Map<Example, number>();
  const byIntent = new Map<string, Example[]>();
  for (const e of examples) byIntent.set(e.intent, [...(byIntent.get(e.intent) ?? []), e]);
  let next = 0;
  for (const list of byIntent.values()) for (const e of list) fold.set(e, next++ % folds);
  return fold;
}

/** Held-out predictions counted: how many were right, and each confusion with its first example. */
class Tally {
  private right = 0;
  private n = 0;
  private readonly confusion = new Map<string, CrossValidation['confused'][number]>();

  add(e: Example, predicted: string): void {
    this.n++;
    if (predicted === e.intent) {
      this.right++;
      return;
    }
    const key = `${e.intent}\u0000${predicted}`;
    const c = this.confusion.get(key) ?? { expected: e.intent, predicted, count: 0, example: e.text };
    c.count++;
    this.confusion.set(key, c);
  }

  result(): Omit<CrossValidation, 'folds'> {
    const { n, right } = this;
    return { n, accuracy: n ? right / n : 0, confused: [...this.confusion.values()].sort((a, b) => b.count - a.count) };
  }
}
