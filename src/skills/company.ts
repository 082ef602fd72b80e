// The company the bot's words keep: which words each distinctive unit of the bot's shares a sentence with in the
// bot's own text (its examples, and its knowledge and gazetteers sentence by sentence). A message that uses one of
// the bot's words beside several words that never keep it company uses it in another sense ("a turma de
// química do cursinho" to a gym whose "turma" only ever sits beside training words).
import { isFunctionWord } from '../nlu/record-match.ts';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { stems, units } from './vocabulary.ts';

/** Whether `word` (a stem) shares a sentence of the bot's text with its distinctive unit `unit`. */
export type Company = (unit: string, word: string) => boolean;

/** Sentences of a long text (a knowledge document): a word keeps company with its sentence, not with the whole document. */
const sentences = (text: string) => text.split(/[.!?;:\n]+/).filter((s) => s.trim());

/** The company of each of the bot's distinctive units (`isOwn`) in `texts`. */
export function botCompany(lang: Language, texts: string[], isOwn: (unit: string) => boolean): Company {
  const pairs = new Set<string>();
  for (const sentence of texts.flatMap(sentences)) {
    const normalized = normalize(sentence, lang);
    const own = [...new Set(units(normalized, lang))].filter(isOwn);
    if (!own.length) continue;
    const words = new Set(stems(normalized, lang).filter((w) => !isFunctionWord(w, lang)));
    for (const u of own) for (const w of words) pairs.add(`${u}\u0000${w}`);
  }
  return (unit, word) => pairs.has(`${unit}\u0000${word}`);
}
