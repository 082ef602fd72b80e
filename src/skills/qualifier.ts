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
  const link = fold(links);
  const weak = fold(weakLinks);
  const determiner = fold(determiners);
  const span = lang === 'vi' ? 2 : 1;
  return (normalized, isOther, isListed) => {
    const tokens = normalized.split(' ').filter(Boolean);
    const stemmed = tokens.map((t) => (/\d/.test(t) ? '' : stem(t, lang)));
    const unitAt = (i: number) => (i + span <= tokens.length && stemmed.slice(i, i + span).every(Boolean) ? stemmed.slice(i, i + span).join(' ') : '');
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      // Vietnamese: one of the bot's syllables with a listed thing right after it ("giay bong da", "mua iphone").
      if (span === 2 && isHead(stemmed[i])) for (const u of [unitAt(i + 1), stemmed[i + 1]]) if (u && isListed(u)) out.push(u);
      if (!isBot(unitAt(i))) continue;
      let j = i + span;
      const linked = j < tokens.length && link.has(tokens[j]);
      const located = j < tokens.length && weak.has(tokens[j]);
      if (linked || located) j++;
      else if (lang !== 'vi') continue;
      for (let k = 0; k < MAX_DETERMINERS && j < tokens.length && determiner.has(tokens[j]); k++) j++;
      const u = unitAt(j);
      if (u && (isListed(u) || (!located && isNoun(unitAt(i)) && isOther(u)))) out.push(u);
    }
    return [...new Set(out)];
  };
}

/** Syllables (stems) that at least `min` of `lines` use, function words left out: in Vietnamese, the bot's own heads ("size", "váy"). */
export function keptSyllables(lines: string[], lang: Language, min: number): Set<string> {
  const uses = new Map<string, number>();
  for (const t of lines) for (const w of new Set(stems(normalize(t, lang), lang))) uses.set(w, (uses.get(w) ?? 0) + 1);
  return new Set([...uses].filter(([w, n]) => n >= min && !isFunctionWord(w, lang)).map(([w]) => w));
}
