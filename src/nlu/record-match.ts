// How a reference someone typed ("rota sul", "a tarefa de ligar pro Caetano") matches a stored name, company or
// title, regardless of accents, case, word order, short function words and word endings. For a bot that looks
// its own rows up by what the user calls them.
import type { Language } from './types.ts';
import { foldDiacritics } from '../text/index.ts';

/** Folded, single-spaced words (letters, digits and the characters of an e-mail or a phone kept). */
function squash(text: string): string {
  return foldDiacritics(text.toLowerCase()).replace(/[^\p{L}\p{N}@.+-]+/gu, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * 4 exact, 3 one starts with the other, 2 the reference is a contiguous run of the text's words ("Rota Sul" in
 * "Transportadora Rota Sul"), 1 the text has all the reference's words in any order, 0 no.
 */
export function matchScore(text: string | null | undefined, ref: string): number {
  if (!text) return 0;
  const t = squash(text);
  const r = squash(ref);
  if (!r || !t) return 0;
  if (t === r) return 4;
  if (t.startsWith(r + ' ') || r.startsWith(t + ' ')) return 3;
  if ((' ' + t + ' ').includes(' ' + r + ' ')) return 2;
  const words = new Set(t.split(' '));
  return r.split(' ').every((w) => words.has(w)) ? 1 : 0;
}

// Words that carry no meaning when two descriptions are compared: articles, prepositions, pronouns (folded).
const FUNCTION_WORDS: Record<Language, string[]> = {
  pt: ['a', 'o', 'as', 'os', 'um', 'uma', 'de', 'do', 'da', 'dos', 'das', 'pra', 'pro', 'para', 'com', 'no', 'na', 'em', 'e', 'que', 'ao',
    'ele', 'ela', 'dele', 'dela', 'nele', 'nela', 'sobre', 'por', 'pelo', 'pela', 'se', 'me', 'lhe'],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'para', 'con', 'en', 'y', 'que', 'al', 'el', 'ella', 'sobre', 'por', 'se', 'me', 'le', 'lo'],
  vi: ['cho', 'voi', 'va', 'cua', 'o', 'la', 'anh', 'chi', 'em'],
  en: ['a', 'an', 'the', 'of', 'to', 'for', 'with', 'on', 'in', 'and', 'that', 'him', 'her', 'about', 'by', 'me', 'it'],
};

const functionWordSets = new Map<Language, Set<string>>();
/** An article, a preposition or a pronoun of the language (folded): a word no domain can call its own. */
export function isFunctionWord(word: string, lang: Language): boolean {
  let set = functionWordSets.get(lang);
  if (!set) functionWordSets.set(lang, (set = new Set(FUNCTION_WORDS[lang])));
  return set.has(word);
}

/** The words of `text` that carry meaning; `ignore` adds the bot's own ("tarefa" when comparing tasks). */
export function contentWords(text: string, lang: Language, ignore: Iterable<string> = []): string[] {
  const skip = new Set([...FUNCTION_WORDS[lang], ...[...ignore].map(squash)]);
  return squash(text).split(' ').filter((w) => w && !skip.has(w));
}

/** Same word, or the same stem ("ligacao" ~ "ligar", "envio" ~ "enviar"): a shared prefix of 4+ letters. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= 4 && i >= Math.min(a.length, b.length) - 3;
}

/** Share of the reference's content words found in the text (0…1); a reference with none scores 0. */
export function wordOverlap(text: string, ref: string, lang: Language, ignore: Iterable<string> = []): number {
  const want = contentWords(ref, lang, ignore);
  if (!want.length) return 0;
  const have = contentWords(text, lang, ignore);
  return want.filter((w) => have.some((h) => sameWord(w, h))).length / want.length;
}
