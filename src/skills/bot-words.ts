// A bot's own words: the distinctive words (in Vietnamese pairs of syllables) its examples keep using, as they
// write them. The edge probes put them in other topics' sentences; the skill detector joins them to role nouns
// ("o professor de jiu-jitsu") to teach requests for the bot's staff.
import { stem } from '../nlu/features.ts';
import { normalize } from '../nlu/normalize.ts';
import { isFunctionWord } from '../nlu/record-match.ts';
import type { Language } from '../nlu/types.ts';
import { skillVocabulary } from './vocabulary.ts';

/**
 * Vietnamese syllables that only frame a message, folded. Pronouns, forms of address and particles, and the question
 * words and connectives they come with. Folded forms whose other sense is a thing or a deed are left out ("ban": bạn
 * and bán, "toi": tôi and tối, "the": thế and thẻ, "chu": chứ and chủ, "dau": đâu and đầu, "do": đó and đồ).
 */
const VI_ADDRESS_SYLLABLES = new Set(
  'em e anh a chi c minh mik mk tui tao ta ho ak ah nha nhe nhen hen nhi ne nek vay v z oi ui luon thoi roi nua'.split(' '),
);
const VI_QUESTION_SYLLABLES = new Set('co duoc dc khong ko k hok khum chua j gi sao nao ai la thi va hay hoac nhung cua cho o tai de voi di kia vi nen neu'.split(' '));

/**
 * In Vietnamese a pair of a pronoun or particle and another such syllable or a question word ("sao em", "vay a"):
 * it only frames a message, never a bot's own word. A pair of question words ("co duoc", "gi khong") stays a weak one.
 */
export function framePair(u: string, lang: Language): boolean {
  if (lang !== 'vi') return false;
  const parts = u.split(' ');
  const framing = (p: string) => VI_ADDRESS_SYLLABLES.has(p) || VI_QUESTION_SYLLABLES.has(p);
  return parts.length === 2 && parts.every(framing) && parts.some((p) => VI_ADDRESS_SYLLABLES.has(p));
}

export interface BotWord {
  /** The word's stem (Vietnamese: the folded pair of syllables), as the detector compares it. */
  unit: string;
  /** As the examples write it most often ("mensalidade", "đặt lịch"). */
  word: string;
  /** With the article the examples put before it most often, when they do ("a mensalidade"); else `word`. */
  phrase: string;
  /** The intent whose examples use it most. */
  intent: string;
  /** How many of the bot's examples use it. */
  examples: number;
  /** Whether the examples say it after an article or a preposition: it names a thing (the probes' frames want one). */
  noun: boolean;
}

const ARTICLES: Partial<Record<Language, Set<string>>> = {
  pt: new Set(['o', 'a', 'os', 'as', 'um', 'uma']),
  es: new Set(['el', 'la', 'los', 'las', 'un', 'una']),
};

/** Words a noun follows: a word that comes after one in the examples names a thing ("o plano", "de creatina", "cái áo"). */
const DETERMINERS: Record<Language, Set<string>> = {
  pt: new Set(['o', 'a', 'os', 'as', 'um', 'uma', 'de', 'do', 'da', 'dos', 'das', 'no', 'na', 'meu', 'minha', 'seu', 'sua', 'esse', 'essa', 'este', 'esta']),
  es: new Set(['el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'al', 'mi', 'tu', 'su', 'ese', 'esa', 'este', 'esta', 'unos', 'unas']),
  en: new Set(['a', 'an', 'the', 'my', 'your', 'our', 'this', 'that', 'of', 'some']),
  vi: new Set(['cái', 'chiếc', 'đôi', 'bộ', 'mấy', 'những', 'các', 'món', 'loại', 'mẫu']),
};

/** A word used by fewer of the bot's examples than this is not yet one of its words. */
const MIN_EXAMPLES = 2;

const rawTokensOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
const tokensOf = (text: string) => rawTokensOf(text.toLowerCase());

/** How the bot's examples use one unit. */
interface UnitUse {
  /** How many examples use it, and how many of each intent's. */
  examples: number;
  byIntent: Map<string, number>;
  /** Each spelling, and each spelling with its article, as often as said. */
  words: Map<string, number>;
  phrases: Map<string, number>;
  /** Said after a determiner at least once. */
  noun: boolean;
}

const count = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

/**
 * The bot's distinctive words, names of things first (said after an article or a preposition), most used first,
 * taken in turn from each intent, so that every intent's words come early. `names`: the bot's own names, never its words.
 */
export function botWords(domain: Record<string, string[]>, lang: Language, names: string[] = []): BotWord[] {
  const nameUnits = new Set(names.flatMap((n) => tokensOf(n).map((t) => stem(normalize(t, lang), lang))));
  const candidate = botWordCandidate(lang, nameUnits);
  const uses = new Map<string, UnitUse>();
  for (const [intent, examples] of Object.entries(domain)) for (const text of examples) countUses(uses, text, intent, lang, candidate);
  const words: BotWord[] = [...uses]
    .filter(([, s]) => s.examples >= MIN_EXAMPLES)
    .map(([unit, s]) => ({ unit, word: most(s.words), phrase: most(s.phrases), intent: most(s.byIntent), examples: s.examples, noun: s.noun }))
    .sort((a, b) => Number(b.noun) - Number(a.noun) || b.examples - a.examples || (a.unit < b.unit ? -1 : 1));
  return eachIntentInTurn(words);
}

const most = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1])[0][0];

/** Whether a unit may be one of the bot's words: not generic, a function word, a framing pair or part of the bot's names. */
function botWordCandidate(lang: Language, nameUnits: Set<string>): (unit: string) => boolean {
  const { generic, genericUnits } = skillVocabulary(lang);
  return (unit) => {
    const parts = unit.split(' ');
    if (generic.has(unit) || genericUnits.has(unit) || isFunctionWord(unit, lang) || framePair(unit, lang) || parts.some((p) => nameUnits.has(p))) return false;
    return !(lang === 'vi' && parts.every((p) => generic.has(p)));
  };
}

/** One example's units (words; in Vietnamese pairs of syllables) counted into `uses`. */
function countUses(uses: Map<string, UnitUse>, text: string, intent: string, lang: Language, candidate: (unit: string) => boolean): void {
  const raw = rawTokensOf(text);
  const tokens = raw.map((t) => t.toLowerCase());
  const folded = tokens.map((t) => normalize(t, lang).replace(/\s+/g, ''));
  const seen = new Set<string>();
  const span = lang === 'vi' ? 2 : 1;
  for (let i = 0; i + span <= tokens.length; i++) {
    const unit = unitAt(folded, i, span, lang);
    if (!unit || !candidate(unit)) continue;
    // A capitalised word inside a sentence is a name the examples give (a customer, a product), not a word of the trade.
    if (i > 0 && raw.slice(i, i + span).some((t) => /^\p{Lu}/u.test(t))) continue;
    let s = uses.get(unit);
    if (!s) uses.set(unit, (s = { examples: 0, byIntent: new Map(), words: new Map(), phrases: new Map(), noun: false }));
    countSpelling(s, tokens, i, span, lang);
    if (seen.has(unit)) continue;
    seen.add(unit);
    s.examples++;
    count(s.byIntent, intent);
  }
}

/** The stemmed unit of `span` folded tokens at `i`; '' when one has a digit or it is too short to mean something. */
function unitAt(folded: string[], i: number, span: number, lang: Language): string {
  const parts = folded.slice(i, i + span);
  if (parts.some((p) => !p || /\d/.test(p))) return '';
  const unit = parts.map((p) => stem(p, lang)).join(' ');
  return lang !== 'vi' && unit.length < 4 ? '' : unit;
}

/** The unit's spelling at `i`, with the article before it when there is one; a determiner before it makes it a noun. */
function countSpelling(s: UnitUse, tokens: string[], i: number, span: number, lang: Language): void {
  const word = tokens.slice(i, i + span).join(' ');
  const before = tokens[i - 1];
  const phrase = before && ARTICLES[lang]?.has(before) ? `${before} ${word}` : word;
  if (before && DETERMINERS[lang].has(before)) s.noun = true;
  count(s.words, word);
  count(s.phrases, phrase);
}

/** Each intent's words in turn. */
function eachIntentInTurn(words: BotWord[]): BotWord[] {
  const queues = new Map<string, BotWord[]>();
  for (const w of words) queues.set(w.intent, [...(queues.get(w.intent) ?? []), w]);
  const out: BotWord[] = [];
  while (out.length < words.length) for (const q of queues.values()) if (q.length) out.push(q.shift()!);
  return out;
}
