import { normalize } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';
import type { IntentConfig } from './config.ts';

/**
 * Examples that repeat another one once normalised (accents, case, slang folded), each with the intent that
 * had it first. The classifier sees such pairs as one text: in two intents they contradict each other.
 */
export function repeatedExamples(intents: Record<string, IntentConfig>, lang: Language): { example: string; intent: string; first: string }[] {
  const owner = new Map<string, string>();
  const repeats: { example: string; intent: string; first: string }[] = [];
  for (const [id, intent] of Object.entries(intents)) {
    for (const example of intent.examples) {
      const key = normalize(example, lang) || example; // emoji-only examples normalise to ''
      const first = owner.get(key);
      if (first) repeats.push({ example, intent: id, first });
      else owner.set(key, id);
    }
  }
  return repeats;
}
