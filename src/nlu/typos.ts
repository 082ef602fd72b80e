// Misspelt command words ("cadastar", "adicona", "lsita") put right before a message is read, so a bot's rules
// see the word they know. Only a word in a command's place is touched: the first word of the message or of a
// clause, or one right after a lead-in ("pode", "por favor", "e"); a capitalised word mid-sentence is a name.
import { editDistance } from './edit-distance.ts';
import { foldPreservingOffsets } from '../text/index.ts';

export interface CommandWords {
  /** The words to put right (folded); on a tie the earlier one wins. */
  words: string[];
  /** Words already right: any word this matches is left alone (inflections, nouns of the same family). */
  known?: RegExp | ((word: string) => boolean);
  /** Ordinary words one edit away from a command word ("conta" near "conto"): never changed. */
  keep?: Iterable<string>;
  /** Words after which the next word stands in a command's place. */
  leadIns?: Iterable<string>;
}

/** Edits allowed for a word of this length: none below 5 letters, 1 up to 7, 2 from 8. */
function allowedEdits(length: number): number {
  return length < 5 ? 0 : length < 8 ? 1 : 2;
}

/** "cadastar a Bianca; adicona nota: …" → "cadastra a Bianca; adiciona nota: …" (with the bot's command words). */
export function correctCommandWords(text: string, vocabulary: CommandWords): string {
  const keep = new Set(vocabulary.keep ?? []);
  const leadIns = new Set(vocabulary.leadIns ?? []);
  const closest = (word: string): string | null => {
    const limit = allowedEdits(word.length);
    const known = vocabulary.known;
    if (!limit || keep.has(word) || (typeof known === 'function' ? known(word) : known?.test(word))) return null;
    let best: string | null = null;
    let bestDistance = limit + 1;
    for (const candidate of vocabulary.words) {
      if (Math.abs(candidate.length - word.length) > limit) continue;
      const d = editDistance(word, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  };
  const f = foldPreservingOffsets(text);
  let out = '';
  let pos = 0;
  let prevWord: string | null = null;
  let prevEnd = 0;
  for (const m of f.matchAll(/[a-z]+/g)) {
    const word = m[0];
    const gap = f.slice(prevEnd, m.index);
    const original = text.slice(m.index, m.index + word.length);
    const sentenceStart = prevWord === null || /[.!?\n]/.test(gap);
    const inPlace = sentenceStart || /[;,:]/.test(gap) || leadIns.has(prevWord!);
    const candidate = inPlace && /^\s*$|[\s;,.!?:]$/.test(gap || ' ') && (sentenceStart || !/^\p{Lu}/u.test(original));
    const fixed = candidate ? closest(word) : null;
    if (fixed) {
      out += text.slice(pos, m.index) + (/^\p{Lu}/u.test(original) ? fixed[0].toUpperCase() + fixed.slice(1) : fixed);
      pos = m.index + word.length;
    }
    prevWord = word;
    prevEnd = m.index + word.length;
  }
  return out + text.slice(pos);
}
