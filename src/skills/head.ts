// What a message is about, by its head: the first thing it names, read left to right past its frame ("quanto custa
// a", "até que horas a", "shop ơi đặt 2 ly"). A head that is another topic's listed thing ("a farmácia", "a aula de
// piano", "trà sữa") makes the message that thing's, whatever words of the bot's come after it ("… é às terças?").
// The scan stops at a preposition ("depois da escola meu filho pode treinar?": the school only says when), at a
// word of the bot's (the head is the bot's), and at a word it knows nothing of.
import { stem } from '../nlu/features.ts';
import { normalize } from '../nlu/normalize.ts';
import { isFunctionWord } from '../nlu/record-match.ts';
import type { Language } from '../nlu/types.ts';
import { skillLines } from './data.ts';

export type Head = 'bot' | 'other' | null;

/** Frame words read past before the head; a longer frame is no frame. */
const MAX_FRAME = 6;

/** Function words that are no preposition: the scan reads past them. */
const NOT_PREPOSITIONS: Record<Language, string[]> = {
  // Portuguese "de" bare (not "da", "do") mostly follows a verb of the frame ("preciso de um eletricista").
  pt: ['que', 'e', 'se', 'me', 'lhe', 'ele', 'ela', 'de'],
  es: ['que', 'y', 'se', 'me', 'le', 'lo', 'ella'],
  en: ['and', 'that', 'me', 'it', 'him', 'her'],
  vi: ['va', 'la', 'anh', 'chi', 'em'],
};

export interface HeadWords {
  /** Whether a unit (stem; in Vietnamese a pair of syllables) is one of the bot's distinctive words. */
  isBot: (unit: string) => boolean;
  /** Whether a unit is a listed thing of another topic said in this message (a stem; in Vietnamese a pair or a loanword). */
  isListed: (unit: string) => boolean;
  /** Whether a stem (a syllable in Vietnamese) is a word of the skills' lines: a frame word any message may use. */
  isFrame: (word: string) => boolean;
}

/**
 * For a normalised message and the said topic phrases ("aula de piano", normalised): whether its head is another
 * topic's thing, the bot's, or neither (null).
 */
export function headReader(lang: Language): (normalized: string, phrases: string[], words: HeadWords) => Head {
  const { determiners, links, weakLinks } = skillLines(lang);
  const fold = (list: string[]) => list.map((w) => normalize(w, lang));
  const skip = new Set([...fold(determiners), ...NOT_PREPOSITIONS[lang]]);
  const stops = new Set(fold([...links, ...weakLinks]));
  const span = lang === 'vi' ? 2 : 1;
  const link = new Set(fold(links));
  const determiner = new Set(fold(determiners));
  /** The unit at `i` and its word alone: in Vietnamese the pair of syllables from `i` (when no number) and the syllable. */
  const unitsAt = (tokens: string[], i: number): string[] => {
    const w = stem(tokens[i], lang);
    return span === 2 && i + 1 < tokens.length && !/\d/.test(tokens[i + 1]) ? [`${w} ${stem(tokens[i + 1], lang)}`, w] : [w];
  };
  const startsPhrase = (tokens: string[], i: number, phrases: string[]) => {
    const rest = ` ${tokens.slice(i).join(' ')} `;
    return phrases.some((p) => rest.startsWith(` ${p} `));
  };

  /** 'other' when the first word from `from`, past articles, is a listed thing ("o horário do [ônibus]"). */
  const tiedThing = (tokens: string[], from: number, isListed: (unit: string) => boolean): Head => {
    let j = from;
    while (j < tokens.length && skip.has(tokens[j])) j++;
    return j < tokens.length && !/\d/.test(tokens[j]) && unitsAt(tokens, j).some(isListed) ? 'other' : null;
  };

  return (normalized, phrases, { isBot, isListed, isFrame }) => {
    const tokens = normalized.split(' ').filter(Boolean);
    let framed = 0;
    // A frame word right after an article names a thing ("o horário"): a listed thing tied to it is the head.
    let noun = false;
    for (let i = 0; i < tokens.length && framed <= MAX_FRAME; i++) {
      const t = tokens[i];
      if (/\d/.test(t) || skip.has(t)) continue;
      if (stops.has(t) || isFunctionWord(t, lang)) return noun && link.has(t) ? tiedThing(tokens, i + 1, isListed) : null;
      const units = unitsAt(tokens, i);
      if (startsPhrase(tokens, i, phrases) || units.some(isListed)) return 'other';
      if (isBot(units[0])) return 'bot';
      if (!isFrame(units[units.length - 1])) return null;
      noun = i > 0 && determiner.has(tokens[i - 1]);
      framed++;
    }
    return null;
  };
}

/**
 * For a normalised message: whether it orders a quantity of another topic's listed thing — a bare number, at most one
 * word for the measure ("cajas", "kilos", "ổ"), then links and articles, then the thing ("3 cajas de cerveza", "2 phần
 * phở bò", "5 pizzas"). A number so spent is no answer the bot is collecting.
 */
export function quantityReader(lang: Language): (normalized: string, isListed: (unit: string) => boolean) => boolean {
  const { determiners, links } = skillLines(lang);
  const ties = new Set([...determiners, ...links].map((w) => normalize(w, lang)));
  const span = lang === 'vi' ? 2 : 1;
  const unitsAt = (tokens: string[], i: number) => {
    const w = stem(tokens[i], lang);
    return span === 2 && i + 1 < tokens.length ? [`${w} ${stem(tokens[i + 1], lang)}`, w] : [w];
  };
  return (normalized, isListed) => {
    const tokens = normalized.split(' ').filter(Boolean);
    return tokens.some((t, i) => {
      if (!/^\d+$/.test(t)) return false;
      let j = i + 1;
      if (j < tokens.length && !ties.has(tokens[j]) && !unitsAt(tokens, j).some(isListed)) j++;
      while (j < tokens.length && ties.has(tokens[j])) j++;
      return j < tokens.length && unitsAt(tokens, j).some(isListed);
    });
  };
}
