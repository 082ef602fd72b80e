// A message read by a bot's skill detector (see detector.ts): the detector's scores with the bot's domain summed
// into one class, and the words that tell the bot's business from another topic's.
import type { TextClassifier } from '../nlu/classifier.ts';
import { isFunctionWord } from '../nlu/record-match.ts';
import { stem } from '../nlu/features.ts';
import { normalize } from '../nlu/normalize.ts';
import type { IntentScore, Language } from '../nlu/types.ts';
import type { Company } from './company.ts';
import type { Head, HeadWords } from './head.ts';
import type { PersonRequest } from './person-request.ts';
import type { ShortReplyKind } from './short-replies.ts';
import { stems, units } from './vocabulary.ts';

const DOMAIN = 'domain';
/** Prefix of the detector's per-intent classes; their probabilities add up to the domain's. */
export const DOMAIN_CLASS = 'domain:';
/** Shortest stem that can be a topic word (a Vietnamese syllable is short and still a word). */
export const MIN_TOPIC_WORD: Record<Language, number> = { pt: 4, es: 4, en: 4, vi: 2 };
/** Foreign words a message needs (and more of them than of the bot's words) for the bot's words in it to be passers-by. */
const PASSER_BY_FOREIGN = 2;
/** A distinctive unit used by at least this many of the bot's examples is a strong sign the message is the bot's. */
export const STRONG_EXAMPLES = 3;

export interface SkillReading {
  /** The detector's best class and its probability ('domain': the bot's own business). */
  best: IntentScore;
  scores: IntentScore[];
  /** The message's words that only the bot's own text has (stems). */
  domainWords: string[];
  /**
   * Whether one of them is one the bot's own examples keep using (in several of them): a word only its knowledge
   * or gazetteers carry, or one example, is a weak sign ("viajar", "barato" in a long document).
   */
  strongDomainWord: boolean;
  /**
   * The message's words that the background's off-domain lines use and the bot's own text never does, everyday
   * words excepted ("computador" in a gym, "piada" in a scholarship adviser): a topic the bot has no part in.
   */
  offTopicWords: string[];
  /**
   * The off-topic words that name another topic's thing (`topic_words`: "car", "tủ lạnh"), a capitalised name
   * excepted: the object a request in the bot's own verbs is about ("can you fix my …" to a bicycle shop).
   */
  thingWords: string[];
  /**
   * Another topic's words that qualify one of the bot's words, tied to it by a link ("a mensalidade da escola", "la
   * cuota del club", "size giày": the foreign or other topic's word right after the bot's, in Vietnamese without a
   * link): the bot's word is about that other thing.
   */
  elsewhere: string[];
  /** Share of the message's words the detector has seen anywhere (bot or background). */
  coverage: number;
  /** Most words are strings no text of the language has (keyboard mashes): out of scope in any bot. */
  gibberish: boolean;
  /** The message carries something a bot may be collecting: a number, or a name written with a capital. */
  hasValue: boolean;
  /**
   * The message's words of some other topic: the off-topic words, and words no line the detector read has (a
   * misspelling of one of the bot's words excepted) — goods, places, subjects neither the bot nor the background names.
   */
  foreignWords: string[];
  /**
   * When the bot's words in the message only pass by (it has at least two foreign words, and more of them than of
   * the bot's words: "a proposal of marriage", "the monthly fee of medical school"): the detector's reading of the
   * message without the bot's words. Null otherwise.
   */
  passerBy: IntentScore[] | null;
  /**
   * The highest request-for-a-person probability of the message's parts, when punctuation splits it into several
   * ("is this a bot? I want a person": the question reads first as a whole). 0 for a message of one part.
   */
  partHuman: number;
  /**
   * A role noun of the shared lexicon or of the bot's own roles is in the message ("o professor", "alguém da recepção",
   * "nhân viên tư vấn"): who of the staff a customer asks for.
   */
  role: boolean;
  /**
   * A request for a person by what they do, read in a request frame (data/person-requests): an asking phrase then a
   * role noun or "someone" ("falar com o professor de jiu-jitsu", "pásame con el vendedor"), or the role first and
   * what the person is asked to do after it ("a recepção pode me ligar?"). A role noun outside a frame is not one.
   */
  personRequest: boolean;
  /**
   * How much of the nearest of the bot's own out-of-scope lines the message says: the share of that line's content
   * words (stems) the message has, 0 to 1. A counter-example the author accepted covers its rewordings.
   */
  ownOutOfScope: number;
  /** The same for the bot's own requests for a person. */
  ownPerson: number;
  /** A message made only of the language's acknowledgement words (with thanks, fillers, emoji): its kind, else null. */
  shortReply: ShortReplyKind | null;
  /** The first thing the message names past its frame: another topic's listed thing, the bot's word, or neither (src/skills/head.ts). */
  head: Head;
  /** The message orders a quantity of another topic's listed thing ("3 cajas de cerveza"): its number is spent there. */
  quantityOfThing: boolean;
  /** The message opens with a person of the customer's own life ("mi vecino me debe plata"). */
  acquaintanceFirst: boolean;
  /** Spam or a chain message (src/skills/spam.ts). */
  spam: boolean;
  /**
   * The message opens with a third party and never addresses the bot ("el banco me cobró dos veces"): `unknown` when
   * no text of the bot's names that party, `named` when it does without its examples keeping it; null when the
   * message opens otherwise or with a party of the bot's own ("el correo" to a shop that ships by post).
   */
  partyFirst: PartyFirst;
  /**
   * The message names, anywhere, a business by its own name that no text of the bot's names, and no other name
   * ("el pedido de Rappi nunca llegó"; "uma proposta pra Escola Aurora" names a client): that business is its subject.
   */
  otherBrand: boolean;
  /**
   * The message's content words (stems) that share no sentence of the bot's text with any of the bot's words in the
   * message, frame words, names and misspellings of the bot's words excepted (src/skills/company.ts): beside the
   * bot's words, the words of another sense of them. Empty without a word of the bot's, and in Vietnamese (a
   * syllable alone is no word).
   */
  strangers: string[];
}

export type PartyFirst = 'unknown' | 'named' | null;

/** What a detector knows of its bot and of other topics, to read a message with. */
export interface DetectorModel {
  lang: Language;
  classifier: TextClassifier;
  /** Every word (stem) the detector has seen: the bot's text and the generic lines. */
  seen: Set<string>;
  /** The bot's distinctive units, and how many of its examples use each. */
  own: Set<string>;
  exampleCount: Map<string, number>;
  /** The background's topic words and other topics' things that the bot never says. */
  offTopic: Set<string>;
  /** Names of other topics' things (stems; in Vietnamese pairs of syllables), their folded words as written, and those of several words. */
  thingNames: Set<string>;
  thingSurfaces: Set<string>;
  thingPhrases: string[];
  /** Numbers in words that count something. */
  countWords: Set<string>;
  /** A word made mostly of trigrams the detector read is plausible. */
  plausible: (word: string) => boolean;
  /** A misspelling of one of the bot's words; a word of the bot's own family. */
  nearBotWord: (word: string) => boolean;
  relatedToBotWord: (word: string) => boolean;
  qualifiedBy: (normalized: string, isOther: (unit: string) => boolean, isListed: (unit: string) => boolean) => string[];
  roles: (normalized: string) => boolean;
  personRequest: (normalized: string) => PersonRequest | null;
  ownOutOfScope: (normalized: string) => number;
  ownPerson: (normalized: string) => number;
  shortReply: (text: string) => ShortReplyKind | null;
  headOf: (normalized: string, phrases: string[], words: HeadWords) => Head;
  quantityOf: (normalized: string, isListed: (unit: string) => boolean) => boolean;
  /** A word of the skills' lines that is no other topic's: a frame word any message may use. */
  isFrame: (word: string) => boolean;
  /** The business words of a business of someone else's in a normalised message (src/skills/someone-elses.ts). */
  someoneElses: (normalized: string) => string[];
  /** Whether a normalised message opens with a person of the customer's own life (src/skills/someone-elses.ts). */
  acquaintanceFirst: (normalized: string) => boolean;
  partyFirst: (normalized: string) => string | null;
  /** The businesses a normalised message names by their own names (src/skills/someone-elses.ts). */
  brands: (normalized: string) => string[];
  /** How many of the bot's examples, and of all its text (knowledge and gazetteers too), say a phrase as written. */
  examplesSaying: (phrase: string) => number;
  textSaying: (phrase: string) => number;
  /** Which words each of the bot's distinctive units shares a sentence with in the bot's text. */
  company: Company;
  spam: (text: string, normalized: string) => boolean;
}

/** A message as the detector reads it; null for a blank one. */
export function readMessage(m: DetectorModel, text: string): SkillReading | null {
  const { lang, classifier } = m;
  const normalized = normalize(text, lang);
  const words = stems(normalized, lang);
  if (!normalized.trim()) return null;
  const scores = domainScores(classifier.predictNormalized(normalized));
  // A word of the bot's inside another topic's thing of several words is that thing's ("o plano de saúde" to a gym).
  const saidPhrases = m.thingPhrases.filter((p) => ` ${normalized} `.includes(` ${p} `));
  const inPhrases = new Set(saidPhrases.flatMap((p) => stems(p, lang)));
  const domainWords = [...new Set(units(normalized, lang).filter((w) => m.own.has(w) && !inPhrases.has(w)))];
  const strongDomainWord = domainWords.some((w) => (m.exampleCount.get(w) ?? 0) >= STRONG_EXAMPLES);
  const offTopicWords = [...new Set([...words, ...(lang === 'vi' ? units(normalized, lang) : [])].filter((w) => m.offTopic.has(w)))];
  const coverage = words.length ? words.filter((w) => m.seen.has(w)).length / words.length : 1;
  const gibberish = isGibberish(m, normalized) && domainWords.length === 0;
  const hasValue = saysValue(text, normalized, m.countWords);
  // Names and addresses ("Metalúrgica Forte", an e-mail) are values a bot may be collecting, not another topic.
  const named = new Set(stems(normalize(namesAndAddresses(text).join(' '), lang), lang));
  // Each word once: a word said again is no more foreign (and a long message of one phrase is not read per copy).
  const unseen = [...new Set(words)].filter((w) => !m.seen.has(w) && !named.has(w) && w.length >= MIN_TOPIC_WORD[lang] && m.plausible(w) && !m.nearBotWord(w));
  const foreignWords = [...new Set([...offTopicWords.filter((w) => !named.has(w)), ...unseen])];
  const thingWords = [...thingsSaid(m, normalized, offTopicWords, named), ...saidPhrases];
  const passerBy = passerByReading(m, normalized, domainWords, strongDomainWord, foreignWords, thingWords.length);
  // A thing of several words counts from its first word ("a mensalidade do [plano de saúde]").
  const listed = new Set([...thingWords, ...saidPhrases.map((p) => stem(p.split(' ')[0], lang))]);
  // An unknown word of the bot's own family ("distribución" to a bot that says "distribuidor") is no other topic's.
  const other = new Set([...unseen.filter((w) => !m.relatedToBotWord(w)), ...listed]);
  // With a value only listed things qualify: an unknown word beside a number or a name is more often a name.
  const elsewhere = [...m.qualifiedBy(normalized, (u) => !hasValue && other.has(u), (u) => listed.has(u)), ...someoneElses(m, normalized, domainWords)];
  const parts = partsOf(text, lang);
  const partHuman = partHumanOf(m, parts.all);
  const head = headOfMessage(m, parts.later, normalized, saidPhrases, domainWords, listed);
  const quantityOfThing = hasValue && m.quantityOf(normalized, (u) => listed.has(u));
  return { best: scores[0], scores, domainWords, strongDomainWord, offTopicWords, thingWords, elsewhere, coverage, gibberish, hasValue, foreignWords, passerBy, partHuman, role: m.roles(normalized), personRequest: asksForPerson(m, parts.later, normalized), ownOutOfScope: m.ownOutOfScope(normalized), ownPerson: m.ownPerson(normalized), shortReply: m.shortReply(text), head, quantityOfThing, acquaintanceFirst: m.acquaintanceFirst(normalized), partyFirst: partyFirst(m, normalized), otherBrand: otherBrand(m, normalized, named), spam: m.spam(text, normalized), strangers: strangersOf(m, words, domainWords, named) };
}

/** The message's head (src/skills/head.ts); none when a later part, after punctuation, says a word of the bot's ("estoy tomando antibióticos, ¿sigo con la whey?" asks the bot). */
function headOfMessage(m: DetectorModel, later: string[], normalized: string, saidPhrases: string[], domainWords: string[], listed: Set<string>): Head {
  if (later.some((p) => units(p, m.lang).some((u) => domainWords.includes(u)))) return null;
  return m.headOf(normalized, saidPhrases, { isBot: (u) => domainWords.includes(u), isListed: (u) => listed.has(u), isFrame: m.isFrame });
}

/** Examples of the bot's that must say a party for it to be the bot's own (one may say "banco" in passing). */
const OWN_PARTY_EXAMPLES = 2;

/** The third party the message opens with (src/skills/someone-elses.ts), as the bot's text knows it. */
function partyFirst(m: DetectorModel, normalized: string): PartyFirst {
  const party = m.partyFirst(normalized);
  if (party === null || m.examplesSaying(party) >= OWN_PARTY_EXAMPLES) return null;
  return m.textSaying(party) === 0 ? 'unknown' : 'named';
}

/**
 * Words of the bot's whose company a message's words are checked against: a message saying more of them is the bot's
 * business in any case, and the bound keeps the check linear in the message's length.
 */
const MAX_COMPANY_WORDS = 16;

/** The message's content words that keep none of its words of the bot's company in the bot's text (`strangers`). */
function strangersOf(m: DetectorModel, words: string[], domainWords: string[], named: Set<string>): string[] {
  if (m.lang === 'vi' || !domainWords.length || domainWords.length > MAX_COMPANY_WORDS) return [];
  const ownWords = new Set(domainWords.flatMap((u) => u.split(' ')));
  const content = (w: string) => w.length >= MIN_TOPIC_WORD[m.lang] && !ownWords.has(w) && !named.has(w) && !isFunctionWord(w, m.lang) && !m.isFrame(w) && !m.nearBotWord(w);
  return [...new Set(words)].filter((w) => content(w) && !domainWords.some((u) => m.company(u, w)));
}

/** Whether the message names a business by its own name that no text of the bot's names, and no other name (`named`: the stems of the names it says). */
function otherBrand(m: DetectorModel, normalized: string, named: Set<string>): boolean {
  const brands = m.brands(normalized);
  if (!brands.length || brands.some((b) => m.textSaying(b) > 0)) return false;
  const own = new Set(brands.flatMap((b) => stems(b, m.lang)));
  return [...named].every((n) => own.has(n));
}

/**
 * The business words of someone else's business in the message ("a academia do meu primo"), unless it also says
 * another word the bot's examples keep using ("cadastra a loja da minha tia como lead" to a CRM).
 */
function someoneElses(m: DetectorModel, normalized: string, domainWords: string[]): string[] {
  const businesses = m.someoneElses(normalized);
  if (!businesses.length) return [];
  const named = new Set(businesses.flatMap((b) => units(b, m.lang)));
  return domainWords.some((w) => !named.has(w) && (m.exampleCount.get(w) ?? 0) >= STRONG_EXAMPLES) ? [] : businesses;
}

/** Whether most of the message's words of three letters or more are strings no text of the language has. */
function isGibberish(m: DetectorModel, normalized: string): boolean {
  const letters = normalized.split(' ').filter((w) => /^\p{L}{3,}$/u.test(w));
  return letters.length > 0 && letters.filter(m.plausible).length < letters.length / 2;
}

/**
 * A number; a capital inside the text ("sou de Belo Horizonte"), or the whole text capitalised like a name
 * ("Beatriz"); a number in words from two on ("seis personas"; "una persona" asks for one).
 */
function saysValue(text: string, normalized: string, countWords: Set<string>): boolean {
  return /\d/.test(text) || /(?<=\S\s+)\p{Lu}\p{Ll}/u.test(text.trim()) || /^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)*$/u.test(text.trim()) || normalized.split(' ').some((w) => countWords.has(w));
}

/**
 * The off-topic words that name another topic's thing, neither a name nor a word of the bot's family; outside
 * Vietnamese said as listed (or its plural), not only sharing a stem ("multi" is no "multa").
 */
function thingsSaid(m: DetectorModel, normalized: string, offTopicWords: string[], named: Set<string>): string[] {
  const { lang, thingSurfaces } = m;
  const said = lang === 'vi' ? null : new Set(normalized.split(' ').filter((w) => thingSurfaces.has(w) || thingSurfaces.has(w.replace(/e?s$/, ''))).map((w) => stem(w, lang)));
  return offTopicWords.filter((w) => m.thingNames.has(w) && !named.has(w) && !m.relatedToBotWord(w) && (!said || said.has(w)));
}

/**
 * The reading of the message without the bot's words, when they only pass by: enough foreign words, more than
 * the bot's, or only weak words of the bot's and at least as many things of other topics. Null otherwise.
 */
function passerByReading(m: DetectorModel, normalized: string, domainWords: string[], strong: boolean, foreignWords: string[], things: number): IntentScore[] | null {
  if (!domainWords.length) return null;
  const weakOnly = !strong;
  const manyForeign = foreignWords.length >= PASSER_BY_FOREIGN && foreignWords.length > domainWords.length;
  if (!manyForeign && !(weakOnly && things >= domainWords.length)) return null;
  const own = new Set(domainWords.flatMap((u) => u.split(' ')));
  const rest = normalized.split(' ').filter((w) => !own.has(stem(w, m.lang))).join(' ');
  return rest.trim() ? domainScores(m.classifier.predictNormalized(rest)) : null;
}

/**
 * Whether the message, or one of its parts after punctuation, is a request for a person in a frame: the frame may open
 * a later part ("bực quá, có ai làm việc ở đây không", "que raiva, tem alguém aí?").
 */
function asksForPerson(m: DetectorModel, later: string[], normalized: string): boolean {
  return m.personRequest(normalized) !== null || later.some((p) => m.personRequest(p) !== null);
}

/** The message's parts between punctuation, normalised and non-blank: all of them, and those after the first. */
function partsOf(text: string, lang: Language): { all: string[]; later: string[] } {
  const parts = text.split(/[,.;!?]+/).map((p) => normalize(p, lang));
  const said = (p: string) => p.trim() !== '';
  return { all: parts.filter(said), later: parts.slice(1).filter(said) };
}

/** The highest request-for-a-person probability of the message's parts; 0 for a message of one part. */
function partHumanOf(m: DetectorModel, parts: string[]): number {
  return parts.length > 1 ? Math.max(...parts.map((p) => m.classifier.predictNormalized(p).find((s) => s.id === 'human')?.confidence ?? 0)) : 0;
}

const NAME = /\p{Lu}\p{L}*/gu;
const NAME_OR_ADDRESS = /\p{Lu}\p{L}*|\S*[@/]\S*/gu;

/**
 * The capitalised words of a text, and the rest of each word that has an `@` or a `/` from where no capital starts
 * ("Ana@exemplo.com" → "Ana", "@exemplo.com"). Word by word: a search for `\S*[@/]` across a long word with neither
 * would read the rest of the word from each of its letters.
 */
function namesAndAddresses(text: string): string[] {
  return text.split(/\s+/).flatMap((word) => word.match(word.includes('@') || word.includes('/') ? NAME_OR_ADDRESS : NAME) ?? []);
}

/** The per-intent classes' probabilities summed into one 'domain' score, best first. */
function domainScores(raw: IntentScore[]): IntentScore[] {
  const domain = raw.filter((s) => s.id.startsWith(DOMAIN_CLASS)).reduce((sum, s) => sum + s.confidence, 0);
  return [{ id: DOMAIN, confidence: domain }, ...raw.filter((s) => !s.id.startsWith(DOMAIN_CLASS))].sort((a, b) => b.confidence - a.confidence);
}
