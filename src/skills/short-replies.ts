// Short acknowledgements read by their words alone ("ok", "blz, obrigado", "tá bom 👍"): a message made only of a
// language's acknowledgement words, with thanks and a few fillers beside them, punctuation and emoji. Read before
// the detector's model and never trained into it, so the bots' other readings do not move.
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';

/** A language's word lists (`short_replies` in src/skills/data/<lang>.yaml): words or phrases, folded on reading. */
export interface ShortReplyWords {
  /** Words that acknowledge ("ok", "beleza", "tá bom"): one at least makes a short acknowledgement. */
  acknowledge: string[];
  /** Words of thanks ("obrigado", "valeu"): beside an acknowledgement they make it thanks. */
  thanks: string[];
  /** Words that may come beside them and change nothing ("então", "muito", "mesmo"). */
  filler: string[];
}

export type ShortReplyKind = 'acknowledge' | 'thanks';

type Part = keyof ShortReplyWords;
const PARTS: readonly Part[] = ['acknowledge', 'thanks', 'filler'];

/** Longest phrase, in words, a list may hold. */
const MAX_PHRASE = 4;

/**
 * A reader for `lang`: the kind of a short acknowledgement (thanks when it thanks as well), else null. A question
 * mark makes any message something else ("tudo certo?" greets, "ok?" asks).
 */
export function shortReplyReader(words: ShortReplyWords, lang: Language): (text: string) => ShortReplyKind | null {
  const phrases = new Map<string, Part>();
  for (const part of PARTS) for (const w of words[part]) {
    const folded = normalize(w, lang);
    if (folded && !phrases.has(folded)) phrases.set(folded, part);
  }
  if (![...phrases.values()].includes('acknowledge')) return () => null;
  return (text) => {
    if (text.includes('?')) return null;
    const tokens = normalize(text, lang).split(' ').filter(Boolean);
    if (!tokens.length) return null;
    const seen = new Set<Part>();
    // Longest phrase first at each position; any word outside the lists makes it no short acknowledgement.
    for (let i = 0; i < tokens.length; ) {
      let matched = 0;
      for (let n = Math.min(MAX_PHRASE, tokens.length - i); n > 0 && !matched; n--) {
        const part = phrases.get(tokens.slice(i, i + n).join(' '));
        if (part) {
          seen.add(part);
          matched = n;
        }
      }
      if (!matched) return null;
      i += matched;
    }
    if (!seen.has('acknowledge')) return null;
    return seen.has('thanks') ? 'thanks' : 'acknowledge';
  };
}
