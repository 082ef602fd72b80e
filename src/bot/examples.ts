import { normalize } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';
import type { IntentConfig } from './config.ts';

export interface RepeatedExample {
  /** The repeat, as the author wrote it. */
  example: string;
  intent: string;
  /** The intent that had it first, and that example as the author wrote it. */
  first: string;
  firstExample: string;
}

/**
 * Examples that repeat another one once normalised (accents, case, slang folded), each with the example and
 * intent that had it first. The classifier sees such pairs as one text: in two intents they contradict each other.
 */
export function repeatedExamples(intents: Record<string, IntentConfig>, lang: Language): RepeatedExample[] {
  const owner = new Map<string, { intent: string; example: string }>();
  const repeats: RepeatedExample[] = [];
  for (const [id, intent] of Object.entries(intents)) {
    for (const example of intent.examples) {
      const key = normalize(example, lang) || example; // emoji-only examples normalise to ''
      const first = owner.get(key);
      if (first) repeats.push({ example, intent: id, first: first.intent, firstExample: first.example });
      else owner.set(key, { intent: id, example });
    }
  }
  return repeats;
}
