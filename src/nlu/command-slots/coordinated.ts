// More names of the same kind joined to the one a slot read ("cadastra o João e o Pedro", "notas do Davi, da Lia
// e do Caio"): each joined by a comma or the language's "and", with up to three articles, function words or the
// slot's cue words before it ("e no lead Maria"). Commas alone are no list ("o João, Acme"): a list ends with its
// "and", and the names read are those up to it. A name must be written like the first (Capitalized when it was).
import type { Language } from '../types.ts';
import { readNameAt, type NameAt } from './name-at.ts';
import { cueMatches, type Reading } from './reading.ts';
import type { LanguageWords } from './words.ts';

/** The folded word that joins the last item of a list. */
const AND: Record<Language, string> = { pt: 'e', es: 'y', vi: 'va', en: 'and' };

export interface CoordinatedName extends NameAt {
  /** Where its joining comma or "and" starts. */
  joinStart: number;
  /** Where what stands before the name (its cue words) starts, after the comma or "and". */
  itemStart: number;
}

/**
 * The names joined to the one that ends at `end`, in order; [] when none is (or the list has no "and"). `cues`:
 * words that may stand before each name besides an article (the slot's own cue words: "e da Maria").
 */
export function coordinatedNames(reading: Reading, end: number, lang: Language, words: LanguageWords, stops: Set<string>, cues: string[], anyCase: boolean): CoordinatedName[] {
  const found: CoordinatedName[] = [];
  let lastAnd = -1;
  const join = new RegExp(`^(\\s*,\\s*(?:${AND[lang]}\\s+)?|\\s+${AND[lang]}\\s+)`, 'u');
  const before = [...words.articles, ...words.namingLinks, ...words.glue, ...cues];
  let at = end;
  for (let guard = 0; guard < 20; guard++) {
    const joined = join.exec(reading.folded.slice(at, at + 12));
    if (!joined || !reading.isFree(at, at + joined[0].length)) break;
    let from = at + joined[0].length;
    // Up to three words before the name ("e no lead Maria").
    for (let w = 0; w < 3; w++) {
      const lead = cueMatches(reading.folded.slice(from, from + 30), before).find((m) => m.start === 0);
      if (!lead || !/^\s+/.test(reading.folded.slice(from + lead.end, from + lead.end + 1))) break;
      from += lead.end + /^\s+/.exec(reading.folded.slice(from + lead.end))![0].length;
    }
    const name = readNameAt(reading, from, words, stops, anyCase);
    if (!name || !reading.isFree(name.start, name.end)) break;
    found.push({ ...name, joinStart: at, itemStart: at + joined[0].length });
    if (new RegExp(`(^|\\s)${AND[lang]}\\s+$`, 'u').test(joined[0])) lastAnd = found.length;
    at = name.end;
  }
  return found.slice(0, Math.max(0, lastAnd));
}
