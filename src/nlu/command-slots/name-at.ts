// A name read where a cue left off ("no lead do Lennon", "ligar pro Caetano Reis"): the first word, then
// Capitalized words or a particle with a Capitalized word after it, up to four; or an id. The first word must be
// Capitalized too unless the caller allows any case. Pronouns, articles, prepositions and days are no names.
import { properName } from '../slot-reader/names.ts';
import type { Reading } from './reading.ts';
import type { LanguageWords } from './words.ts';

export interface NameAt {
  value: string;
  start: number;
  end: number;
}

/** An id (a UUID) where a name could be. */
export const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** How far past its cue a name is looked for (it may open with blanks, what other slots took). */
const WINDOW = 160;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const isCapital = (w: string) => /^\p{Lu}/u.test(w);

/** The name starting at `from` (only spaces before it), or undefined. `stops`: folded words that are no name. */
export function readNameAt(reading: Reading, from: number, words: LanguageWords, stops: Set<string>, anyCase: boolean): NameAt | undefined {
  // A name is a few words: a window of the text is enough, and keeps reading at every cue linear.
  const text = reading.blanked(from, Math.min(reading.original.length, from + WINDOW));
  const lead = text.length - text.trimStart().length;
  const id = ID.exec(text.slice(lead));
  if (id) return { value: id[0], start: from + lead, end: from + lead + id[0].length };
  const found = [...text.matchAll(WORD)];
  const folded = (m: RegExpMatchArray) => reading.folded.slice(from + m.index!, from + m.index! + m[0].length);
  if (!opensName(text, found[0], folded, stops, anyCase)) return undefined;
  const first = found[0];
  const last = lastNameWord(text, found, folded, stops, new Set(words.particles));
  const start = from + first.index!;
  const end = from + last.index! + last[0].length;
  const raw = reading.original.slice(start, end);
  return { value: /\p{Lu}/u.test(raw) ? raw : properName(raw), start, end };
}

type Folded = (m: RegExpMatchArray) => string;

/** Whether the first word (only spaces before it) may open a name: no stop word, no number, Capitalized unless `anyCase`. */
function opensName(text: string, first: RegExpMatchArray | undefined, folded: Folded, stops: Set<string>, anyCase: boolean): first is RegExpMatchArray {
  if (!first || text.slice(0, first.index).trim()) return false;
  return !stops.has(folded(first)) && !/^\d/.test(first[0]) && (anyCase || isCapital(first[0]));
}

/**
 * The name's last word: Capitalized words joined to the first, or a particle with a Capitalized word after it when
 * the first is Capitalized, up to four words.
 */
function lastNameWord(text: string, found: RegExpMatchArray[], folded: Folded, stops: Set<string>, particles: Set<string>): RegExpMatchArray {
  const joined = (a: RegExpMatchArray, b: RegExpMatchArray) => !text.slice(a.index! + a[0].length, b.index).trim();
  const first = found[0];
  let last = first;
  let count = 1;
  for (let i = 1; i < found.length && count < 4; i++) {
    const w = found[i];
    if (!joined(found[i - 1], w)) break;
    if (isCapital(w[0]) && !stops.has(folded(w))) {
      last = w;
      count++;
    } else if (particles.has(folded(w)) && isCapital(first[0]) && found[i + 1] && isCapital(found[i + 1][0]) && joined(w, found[i + 1])) {
      last = found[++i];
      count += 2;
    } else break;
  }
  return last;
}
