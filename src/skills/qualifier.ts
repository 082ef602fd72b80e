// One of a bot's words qualified by another topic's thing ("a mensalidade da escola", "la cuota del club", "size màn
// hình"): the message is about that other thing. Read left to right over the normalised message, with the links of
// the language's data (src/skills/data/<lang>-topics.yaml: links, weak_links, determiners).
import { stem } from '../nlu/features.ts';
import { normalize } from '../nlu/normalize.ts';
import { isFunctionWord } from '../nlu/record-match.ts';
import type { Language } from '../nlu/types.ts';
import { skillLines } from './data.ts';
import { stems } from './vocabulary.ts';

/** Most articles and possessives between a link and the noun it ties ("da [minha] escola"). */
const MAX_DETERMINERS = 2;

/**
 * For a normalised message: the other topic's words (`isOther`, on stems; in Vietnamese on pairs of syllables) that
 * qualify one of the bot's units (`isBot`), tied by a link of the language's data, determiners skipped; in Vietnamese
 * also right after the bot's pair, or a listed thing right after one of the bot's syllables (`isHead`: "mua iphone").
 * A listed thing of another topic (`isListed`) qualifies any of the bot's words; an unknown word only one the bot's
 * examples name things with (`isNoun`), and not after a weak link ("na", "en"): an unknown word there is more often a
 * place the customer names.
 */
export function qualifierReader(
  lang: Language,
  isBot: (unit: string) => boolean,
  isNoun: (unit: string) => boolean,
  isHead: (syllable: string) => boolean,
): (normalized: string, isOther: (unit: string) => boolean, isListed: (unit: string) => boolean) => string[] {
  const { links, weakLinks, determiners } = skillLines(lang);
  const fold = (list: string[]) => new Set(list.map((w) => normalize(w, lang)));
  const words: LinkWords = { link: fold(links), weak: fold(weakLinks), determiner: fold(determiners) };
  return (normalized, isOther, isListed) => {
    const units = new MessageUnits(normalized, lang);
    const out: string[] = [];
    for (let i = 0; i < units.tokens.length; i++) {
      // Vietnamese: one of the bot's syllables with a listed thing right after it ("giay bong da", "mua iphone").
      if (units.span === 2 && isHead(units.stemmed[i])) out.push(...listedAfter(units, i, isListed));
      if (!isBot(units.at(i))) continue;
      const tied = tiedAfter(units, i, words, lang);
      const u = tied && units.at(tied.at);
      if (u && (isListed(u) || (!tied.weak && isNoun(units.at(i)) && isOther(u)))) out.push(u);
    }
    return [...new Set(out)];
  };
}

interface LinkWords {
  link: Set<string>;
  /** Links after which an unknown word is more often a place ("na", "en"). */
  weak: Set<string>;
  determiner: Set<string>;
}

/** A normalised message's tokens, their stems (none for a number), and its units (in Vietnamese pairs of syllables). */
class MessageUnits {
  readonly tokens: string[];
  readonly stemmed: string[];
  readonly span: number;

  constructor(normalized: string, lang: Language) {
    this.tokens = normalized.split(' ').filter(Boolean);
    this.stemmed = this.tokens.map((t) => (/\d/.test(t) ? '' : stem(t, lang)));
    this.span = lang === 'vi' ? 2 : 1;
  }

  /** The unit at token `i`; '' past the end or over a number. */
  at(i: number): string {
    const parts = this.stemmed.slice(i, i + this.span);
    return i + this.span <= this.tokens.length && parts.every(Boolean) ? parts.join(' ') : '';
  }
}

/** The listed things right after the syllable at `i`: the pair of syllables, or the one syllable, that follows it. */
function listedAfter(units: MessageUnits, i: number, isListed: (unit: string) => boolean): string[] {
  return [units.at(i + 1), units.stemmed[i + 1]].filter((u) => u && isListed(u));
}

/**
 * Where the word tied to the bot's unit at `i` starts: after a link (`weak` when a weak one) and up to
 * `MAX_DETERMINERS` determiners. Without a link, only in Vietnamese (right after the bot's pair); else undefined.
 */
function tiedAfter(units: MessageUnits, i: number, words: LinkWords, lang: Language): { at: number; weak: boolean } | undefined {
  const { tokens } = units;
  let j = i + units.span;
  const linked = j < tokens.length && words.link.has(tokens[j]);
  const weak = j < tokens.length && words.weak.has(tokens[j]);
  if (linked || weak) j++;
  else if (lang !== 'vi') return undefined;
  for (let k = 0; k < MAX_DETERMINERS && j < tokens.length && words.determiner.has(tokens[j]); k++) j++;
  return { at: j, weak };
}

/** Syllables (stems) that at least `min` of `lines` use, function words left out: in Vietnamese, the bot's own heads ("size", "váy"). */
export function keptSyllables(lines: string[], lang: Language, min: number): Set<string> {
  const uses = new Map<string, number>();
  for (const t of lines) for (const w of new Set(stems(normalize(t, lang), lang))) uses.set(w, (uses.get(w) ?? 0) + 1);
  return new Set([...uses].filter(([w, n]) => n >= min && !isFunctionWord(w, lang)).map(([w]) => w));
}
