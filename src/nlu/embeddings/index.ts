// The word-vector tables that ship with the runtime, by language. English has one
// (en-words.bin, made by scripts/distill-word-vectors.ts); other languages have none yet.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sourcePath } from '../../paths.ts';
import type { Language } from '../types.ts';
import type { DenseFeatures } from './dense.ts';
import { decodeWordVectors, WordVectorEmbedder } from './word-vectors.ts';

export { type DenseFeatures } from './dense.ts';

/**
 * Length of the word-vector part of a text's features, the sparse n-gram part having length 1. Measured on
 * banking77 and clinc150 with ten examples per intent (dev splits, seeds 1–3): 0.5 beat 0.3, 0.7 and 1.
 */
const WORD_VECTOR_WEIGHT = 0.5;

const TABLES: Partial<Record<Language, string>> = { en: 'en-words.bin' };
const loaded = new Map<Language, WordVectorEmbedder | null>();

/** Languages with a word-vector table. */
export function wordVectorLanguages(): Language[] {
  return (Object.keys(TABLES) as Language[]).filter((l) => existsSync(tablePath(l)));
}

function tablePath(language: Language): string {
  return join(dirname(sourcePath(import.meta.url)), TABLES[language] ?? '');
}

/** The shipped word vectors of a language (read once), or null when it has none or its table cannot be read. */
export function wordVectors(language: Language): DenseFeatures | null {
  if (loaded.has(language)) return loaded.get(language)!;
  let embedder: WordVectorEmbedder | null = null;
  if (TABLES[language]) {
    try {
      const bytes = readFileSync(tablePath(language));
      const id = `${TABLES[language]}#${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
      embedder = new WordVectorEmbedder(decodeWordVectors(bytes), { id, weight: WORD_VECTOR_WEIGHT });
    } catch {
      embedder = null;
    }
  }
  loaded.set(language, embedder);
  return embedder;
}
