// Built-in skill detection beside a bot's own classifier: one small model per bot that tells the bot's domain
// (one class per intent of the bot, their probabilities summed) from a request for a person, small talk and a
// background of generic off-domain lines (out of scope). The bot's classifier is untouched: the detector only says when a message is
// not the bot's business. A message that shares a distinctive word with the bot's examples or knowledge needs a
// surer reading to be called out of scope, the surer the more of the bot's examples use that word.
import { TextClassifier } from '../nlu/classifier.ts';
import { editDistance } from '../nlu/edit-distance.ts';
import { stem } from '../nlu/features.ts';
import { normalize } from '../nlu/normalize.ts';
import { isFunctionWord } from '../nlu/record-match.ts';
import { NUMBER_WORDS } from '../nlu/entities/numbers.ts';
import type { Example, Language } from '../nlu/types.ts';
import { roleRequests, SKILL_CLASSES, skillLines, type SkillClass, type SkillLines } from './data.ts';
import { addTrigrams, skillVocabulary, stems, wordTrigrams, type SkillVocabulary } from './vocabulary.ts';
import { botWords as botVocabulary } from './bot-words.ts';
import { botCompany } from './company.ts';
import { otherTopics, readBotText } from './bot-text.ts';
import { frameSpeller, personRequestReader } from './person-request.ts';
import { headReader, quantityReader } from './head.ts';
import { keptSyllables, qualifierReader } from './qualifier.ts';
import { DOMAIN_CLASS, readMessage, STRONG_EXAMPLES, type DetectorModel, type SkillReading } from './reading.ts';
import { shortReplyReader } from './short-replies.ts';
import type { SkillVerdict } from './decide.ts';
import { wordlessReader } from './wordless.ts';
import { spamReader } from './spam.ts';
import { insultReader } from './insult.ts';
import { acquaintanceFirstReader, brandsReader, partyFirstReader, someoneElsesReader } from './someone-elses.ts';

export type { SkillReading } from './reading.ts';

/** A large bot's examples are thinned to about this many (evenly, in each intent), so the domain does not drown the background. */
const MAX_DOMAIN_LINES = 600;
/** An intent keeps at least this many examples when a large bot is thinned. */
const MIN_INTENT_LINES = 12;
/** Letters a listed thing name shares at its start with a word of the bot's for the two to be one family. */
const RELATED_PREFIX = 6;

export interface SkillDetectorOptions {
  language: Language;
  /**
   * The bot's examples of its own intents (its fallback's excepted), per intent: the in-domain classes. One class
   * per intent rather than one for all: a linear model draws a tighter edge around several topics that way.
   */
  domain: Record<string, string[]>;
  /** More of the bot's text (knowledge documents, gazetteer values): its words count as the bot's words. */
  domainText?: string[];
  /** The bot's own names ("Lumiara"): a customer says them to anything, so they never mark a message as the bot's. */
  names?: string[];
  /** The bot's own out-of-scope lines (`skills.out_of_scope.examples`, accepted edge probes), beside the background. */
  outOfScope?: string[];
  /** The bot's own requests for a person (`skills.human.examples`, accepted edge probes). */
  persons?: string[];
  /** Role nouns of the bot's staff beside the shared lexicon (`skills.human.roles`). */
  roles?: string[];
  /** Lines of the skills data left out of training and of the words it knows (cross-validation of the decision: scripts/fit-skill-detector.ts). */
  heldOut?: ReadonlySet<string>;
}

export interface SkillDetector {
  readonly language: Language;
  read(text: string): SkillReading | null;
  /** A message that says no word (emoji, laughter): its skill, or null when it says words or what one of the bot's examples says (src/skills/wordless.ts). */
  wordless(text: string): SkillVerdict | null;
  /** Whether a message insults (the guardrails' abuse rules, the bot's names read as the assistant). */
  insults(text: string): boolean;
  /** Its trained model as bytes, for `createSkillDetector`'s `cached` in a later process. */
  snapshot(): Uint8Array;
  /** Whether its model came from `cached` rather than from training. */
  readonly restored: boolean;
}

/** `cached`: the snapshot of a detector built from the same options by the same code; restored, not trained. */
export function createSkillDetector(opts: SkillDetectorOptions, cached?: Uint8Array): SkillDetector {
  const lines = skillLines(opts.language);
  const domainExamples = thinnedDomain(opts.domain);
  const { classifier, restored } = detectorClassifier(opts, lines, domainExamples, cached);
  const model = detectorModel(opts, lines, domainExamples, classifier);
  return {
    language: opts.language,
    restored,
    snapshot: () => classifier.toSnapshot(),
    read: (text) => readMessage(model, text),
    wordless: wordlessReader(opts.language, Object.values(opts.domain).flat()),
    insults: insultReader(opts.language, opts.names ?? []),
  };
}

/** The bot's examples as the detector's per-intent classes; a large bot's thinned evenly, so the domain does not drown the background. */
function thinnedDomain(domain: Record<string, string[]>): Example[] {
  const lineCount = Object.values(domain).flat().length;
  const share = MAX_DOMAIN_LINES / Math.max(MAX_DOMAIN_LINES, lineCount);
  return Object.entries(domain).flatMap(([intent, texts]) =>
    evenSample(texts, Math.max(MIN_INTENT_LINES, Math.round(texts.length * share))).map((text) => ({ text, intent: DOMAIN_CLASS + intent })),
  );
}

/** The detector's classifier, restored from `cached` or trained on the domain, the skills' lines and the bot's own. */
function detectorClassifier(opts: SkillDetectorOptions, lines: SkillLines, domainExamples: Example[], cached?: Uint8Array): { classifier: TextClassifier; restored: boolean } {
  // Unseen words are judged by the reading (coverage), not by damping every confidence.
  const classifierOptions = { language: opts.language, mode: 'single', unknownWordDamping: 0, temperature: 1 } as const;
  const restoredClassifier = cached && restore(classifierOptions, cached);
  if (restoredClassifier) return { classifier: restoredClassifier, restored: true };
  const trained = (texts: string[]) => (opts.heldOut ? texts.filter((t) => !opts.heldOut!.has(t)) : texts);
  const classifier = new TextClassifier(classifierOptions);
  classifier.train([
    ...domainExamples,
    ...trained(lines.answer).map((text) => ({ text, intent: `${DOMAIN_CLASS}answer` })),
    ...SKILL_CLASSES.flatMap((c) => trained(lines[c]).map((text) => ({ text, intent: c }))),
    ...botSkillLines(opts).flatMap(([c, texts]) => texts.map((text) => ({ text, intent: c }))),
  ]);
  return { classifier, restored: false };
}

/** What the detector reads a message with: the bot's text and other topics' words, and the readers of the bot's own lines. */
function detectorModel(opts: SkillDetectorOptions, lines: SkillLines, domainExamples: Example[], classifier: TextClassifier): DetectorModel {
  const lang = opts.language;
  const domainLines = Object.values(opts.domain).flat();
  const domainText = opts.domainText ?? [];
  // Words any business's customers say (small talk, requests for a person, short answers, the everyday list).
  const vocabulary = skillVocabulary(lang, opts.heldOut);
  const bot = readBotText(lang, domainLines, domainText, opts.names ?? [], vocabulary);
  // The bot's words its examples say as names of things ("a mensalidade", "la cuota"): only these are qualified by an unknown word.
  const nouns = new Set(botVocabulary(opts.domain, lang, opts.names).filter((w) => w.noun).map((w) => w.unit));
  // Not an everyday syllable ("đi", "size" in the skills' own lines): "áo khoác đi xe máy" is still the shop's.
  const heads = new Set(lang === 'vi' ? [...keptSyllables(domainLines, lang, STRONG_EXAMPLES)].filter((w) => !vocabulary.everyday.has(w)) : []);
  const topics = otherTopics(lang, lines, vocabulary, bot, [...domainLines, ...domainText]);
  return {
    lang,
    classifier,
    seen: bot.seen,
    own: bot.own,
    exampleCount: bot.exampleCount,
    ...topics,
    countWords: countingWords(lang),
    plausible: plausibility(vocabulary.trigrams, [...domainExamples.map((ex) => ex.text), ...domainText], lang),
    ...botWordFamily(bot.words),
    qualifiedBy: qualifierReader(lang, (u) => bot.own.has(u), (u) => nouns.has(u), (w) => heads.has(w)),
    roles: roleMatcher([...lines.roles, ...(opts.roles ?? [])], lang),
    personRequest: spelledPersonRequest(lang, opts.roles ?? [], bot.seen),
    ownOutOfScope: coverageOf(opts.outOfScope ?? [], lang),
    ownPerson: coverageOf(opts.persons ?? [], lang),
    shortReply: shortReplyReader(lines.shortReplies, lang),
    headOf: headReader(lang),
    quantityOf: quantityReader(lang),
    isFrame: frameWords(vocabulary, topics.offTopic),
    someoneElses: someoneElsesReader(lang),
    acquaintanceFirst: acquaintanceFirstReader(lang),
    partyFirst: partyFirstReader(lang),
    brands: brandsReader(lang),
    examplesSaying: linesSaying(lang, domainLines),
    textSaying: linesSaying(lang, [...domainLines, ...domainText]),
    company: botCompany(lang, [...domainLines, ...domainText], (u) => bot.own.has(u)),
    spam: spamReader(lang),
  };
}

/** The reader of requests for a person, over the message with the frames' words spelt right (person-request.ts). */
function spelledPersonRequest(lang: Language, roles: string[], seen: Set<string>): DetectorModel['personRequest'] {
  const read = personRequestReader(lang, roles);
  const spell = frameSpeller(lang, roles, (w) => seen.has(stem(w, lang)));
  return (normalized) => {
    const request = read(normalized);
    if (request) return request;
    // Read again only when the speller changed a word: most messages have no typo of a frame word.
    const spelled = spell(normalized);
    return spelled === normalized ? null : read(spelled);
  };
}

/**
 * How many of `lines` say a phrase as written (folded), or its plural: not a word of its stem ("el banco" is not said
 * by "press de banca").
 */
function linesSaying(lang: Language, lines: string[]): (phrase: string) => number {
  const padded = lines.map((line) => ` ${normalize(line, lang)} `);
  const counts = new Map<string, number>();
  return (phrase) => {
    let n = counts.get(phrase);
    if (n === undefined) {
      const forms = [` ${phrase} `, ` ${phrase}s `, ` ${phrase}es `];
      counts.set(phrase, (n = padded.filter((line) => forms.some((f) => line.includes(f))).length));
    }
    return n;
  };
}

/** A word of the skills' lines that is no topic word the bot never says: a frame word any message may use ("quanto", "custa"). */
function frameWords(vocabulary: SkillVocabulary, offTopic: Set<string>): (word: string) => boolean {
  return (w) => vocabulary.everyday.has(w) || (vocabulary.generic.has(w) && !offTopic.has(w));
}

/** Numbers in words that count something (not Vietnamese: its folded number words are everyday words too). */
function countingWords(lang: Language): Set<string> {
  return new Set(lang === 'vi' ? [] : Object.entries(NUMBER_WORDS[lang]).filter(([, n]) => n >= 2).map(([w]) => w));
}

/** Whether a word is made mostly of letter trigrams of everything the detector read (the skills' lines, the bot's `texts`). */
function plausibility(skillTrigrams: Set<string>, texts: string[], lang: Language): (word: string) => boolean {
  const trigrams = new Set(skillTrigrams);
  for (const t of texts) addTrigrams(normalize(t, lang), trigrams);
  return (w) => {
    const grams = wordTrigrams(w);
    return grams.filter((g) => trigrams.has(g)).length >= 0.6 * grams.length;
  };
}

/** Words of the bot's own (their stems) long enough to be misspelt or to share a family. */
function botWordFamily(botWords: Set<string>): Pick<DetectorModel, 'nearBotWord' | 'relatedToBotWord'> {
  const botWordList = [...botWords].filter((w) => w.length >= 5);
  return {
    // A misspelling of one of the bot's words ("adicone") is not a word of another topic.
    nearBotWord: (w) => w.length >= 5 && botWordList.some((b) => Math.abs(b.length - w.length) <= 1 && editDistance(b, w) <= 1),
    // A thing named with a word of the bot's own family ("cardiologista" to a clinic that says "cardiologia").
    relatedToBotWord: (w) => w.length >= RELATED_PREFIX && botWordList.some((b) => b.slice(0, RELATED_PREFIX) === w.slice(0, RELATED_PREFIX)),
  };
}

/**
 * The bot's own lines of the request-for-a-person class: its roles in the shared frames. Its own requests for a
 * person and out-of-scope lines (accepted edge probes) are matched by `ownPerson` and `ownOutOfScope`, not trained:
 * any line trained moves the bot's borderline messages (its conversation tests showed it). Out-of-scope lines trained (taught so, the bot's own words in them
 * leaned out of scope: 17 of the reference bots' 1,790 examples lost, cross-validated): a message that rewords one is
 * matched by `ownOutOfScope`. Nor are the shared staff roles joined to the bot's words ("o professor de prouni"):
 * taught to every bot, they made the bot's own questions that name a teacher ("professor da rede pública pode
 * participar?") requests for a person; `switchboard check --edge` probes them, and the author accepts those missed.
 */
function botSkillLines(opts: SkillDetectorOptions): [SkillClass, string[]][] {
  const lines = skillLines(opts.language);
  return [['human', roleRequests(opts.roles ?? [], lines.roleFrames)]];
}

/** Content words (stems, function words left out) of a normalised text. */
const contentStems = (normalized: string, lang: Language) => new Set(stems(normalized, lang).filter((w) => !isFunctionWord(w, lang) && w.length >= 2));

/** A line needs this many content words to be matched by its share (a short line would match any message). */
const MIN_LINE_WORDS = 3;

/** For a normalised message: the largest share of one of `lines`' content words that the message has. */
function coverageOf(lines: string[], lang: Language): (normalized: string) => number {
  const sets = lines.map((l) => contentStems(normalize(l, lang), lang)).filter((s) => s.size >= MIN_LINE_WORDS);
  if (!sets.length) return () => 0;
  return (normalized) => {
    const words = contentStems(normalized, lang);
    let best = 0;
    for (const set of sets) {
      let n = 0;
      for (const w of set) if (words.has(w)) n++;
      best = Math.max(best, n / set.size);
    }
    return best;
  };
}

/**
 * Whether a normalised message names one of `roles`: each role folded, without its leading articles and
 * prepositions ("o professor de" → "professor"), found as whole words.
 */
function roleMatcher(roles: string[], lang: Language): (normalized: string) => boolean {
  const phrases = new Set<string>();
  for (const role of roles) {
    const words = normalize(role, lang).split(' ').filter(Boolean);
    while (words.length > 1 && isFunctionWord(words[0], lang)) words.shift();
    while (words.length > 1 && isFunctionWord(words[words.length - 1], lang)) words.pop();
    if (words.length && words.join(' ').length >= 3) phrases.add(words.join(' '));
  }
  return (normalized) => {
    const padded = ` ${normalized} `;
    for (const p of phrases) if (padded.includes(` ${p} `)) return true;
    return false;
  };
}

function restore(options: ConstructorParameters<typeof TextClassifier>[0], bytes: Uint8Array): TextClassifier | null {
  try {
    return TextClassifier.fromSnapshot(options, bytes);
  } catch {
    return null; // another format: trained again
  }
}

/** Every k-th line, so that `max` lines remain spread over all of them. */
function evenSample(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  const step = lines.length / max;
  return Array.from({ length: max }, (_, i) => lines[Math.floor(i * step)]);
}

export function isSkillClass(id: string): id is SkillClass {
  return (SKILL_CLASSES as readonly string[]).includes(id);
}
