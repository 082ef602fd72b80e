// Which knowledge passage answers a question, for a bot whose customers write short, loose messages. The
// knowledge search (full-text, accent-folded, words OR-ed) finds candidates; a topic router picks the one that
// answers:
// 1. a topic table maps the customer's words to a section heading ("phí ship về Hà Nội" → "Phí vận chuyển");
// 2. otherwise the candidates are re-ranked by the question's words they contain, compared WITH their
//    diacritics when the customer typed them ("Nẵng" is not "nặng"), and those sharing too little are dropped.
import type { Passage } from '../engine/types.ts';
import { foldPreservingOffsets } from '../text/index.ts';

export interface KnowledgeTopic {
  /** The start of the section heading that answers it ("Phí vận chuyển"). */
  section: string;
  /**
   * When the topic applies. A cue is groups joined by " + " that must all occur; a group is alternatives
   * joined by "|"; an alternative is a phrase ("phí ship") or a /regex/ over the accent-folded text.
   * A cue starting with "?" is weak: it picks the section for a question but is too common ("mấy giờ",
   * "email") to make an off-topic message a question about the business.
   */
  cues: string[];
}

export interface TopicRouterOptions {
  topics: KnowledgeTopic[];
  /** Abbreviations expanded before matching ("ko" → "không"). */
  expansions?: Record<string, string>;
  /** Words that say nothing about which passage answers (particles, pronouns, question words), space-separated. */
  stopwords?: string;
  /** Phrases every passage is about ("thời trang" for a fashion shop): they do not count as shared words. */
  domainPhrases?: string[];
  /**
   * Compare words by their first `stem` letters, accent-folded and without a plural "s" ("inscrições" ~
   * "inscrever", "cotas" ~ "cota"): for languages whose accents tell no two words apart. Off by default.
   */
  stem?: number;
  /** Question words shorter than this say nothing about the passage (default 2). */
  minWordLength?: number;
  /** A passage answers only when it shares this many question words, or a pair of consecutive ones (default 2). */
  minWords?: number;
  /** ...and scores at least this (default MIN_OVERLAP; a word in the heading scores 3, in the text 1, a pair 2). */
  minScore?: number;
  /** Heading starts of overview sections ("O que é"): first for a question that has no content words. */
  overview?: string[];
}

export interface TopicToken { raw: string; folded: string; expanded?: boolean }

export interface TopicRouter {
  readonly topics: KnowledgeTopic[];
  /** Lower-case NFC words (with their folded form), abbreviations expanded. */
  words(text: string): TopicToken[];
  /** The first topic (in table order, specific before general) whose cue the message meets; `strongOnly` ignores weak cues. */
  detectTopic(text: string, options?: { strongOnly?: boolean }): KnowledgeTopic | undefined;
  /** How well a passage answers the question (0 when it shares under `minWords` words and no pair of words). */
  overlapScore(question: string, passage: Passage): number;
  /** The question's words that say what it is about: no stopwords, none shorter than `minWordLength` (stems with `stem`). */
  contentWords(text: string): string[];
  /**
   * The candidates, best first: the topic's section, then by overlap; those sharing too little are dropped unless
   * the topic's. A question without content words gets the overview sections (`overview`) alone.
   */
  rankPassages(question: string, passages: Passage[], topic?: KnowledgeTopic): Passage[];
}

/** Below this a passage shares too little with the question to be its answer. */
const MIN_OVERLAP = 3;

const fold = (s: string) => foldPreservingOffsets(s.normalize('NFC'));
const hasDiacritics = (s: string) => s !== fold(s);

/**
 * Whether the customer writes with diacritics. Then a word typed without them is meant that way
 * ("kiểm tra hàng" is not "trả hàng"); in a message typed without diacritics any accented reading goes.
 */
export function writesWithDiacritics(tokens: TopicToken[]): boolean {
  const letters = tokens.filter((t) => !t.expanded && /\p{L}/u.test(t.raw));
  return letters.length > 0 && letters.filter((t) => hasDiacritics(t.raw)).length / letters.length >= 0.35;
}

/**
 * A word matches a cue word when they are the same word, or when the customer typed it without diacritics
 * (and does not usually type them) and it folds to the cue word: "phi ship" is "phí ship", "lên" is not "len".
 */
function sameWord(said: TopicToken, cue: TopicToken, strict = false): boolean {
  if (said.raw === cue.raw) return true;
  return !strict && said.folded === cue.folded && !hasDiacritics(said.raw);
}

type Same = (said: TopicToken, cue: TopicToken, strict?: boolean) => boolean;

function containsPhrase(tokens: TopicToken[], phrase: TopicToken[], strict = false, same: Same = sameWord): boolean {
  if (!phrase.length) return false;
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    if (phrase.every((p, k) => same(tokens[i + k], p, strict))) return true;
  }
  return false;
}

/** A folded word without a plural "s" (words of five letters or more), cut to `length` letters. */
function stemOf(folded: string, length: number): string {
  return (folded.length > 4 && folded.endsWith('s') ? folded.slice(0, -1) : folded).slice(0, length);
}

/** The passage is the section the topic names. */
export function isTopicSection(passage: Passage, topic: KnowledgeTopic): boolean {
  return fold(passage.heading.toLowerCase()).startsWith(fold(topic.section.toLowerCase()));
}

type Alternative = { phrase: TopicToken[] } | { regex: RegExp };
interface CompiledCue { weak: boolean; groups: Alternative[][] }

/** A cue group's alternatives, split at `|` outside a `/regex/` (whose own `|` stays in it: `/\bcarros?|coches?\b/`). */
function alternatives(group: string): string[] {
  const out: string[] = [];
  for (const part of group.split('|')) {
    const open = out.length > 0 && /^\s*\//.test(out[out.length - 1]) && !/.\/\s*$/.test(out[out.length - 1]);
    if (open) out[out.length - 1] += `|${part}`;
    else out.push(part);
  }
  return out;
}

export function createTopicRouter(options: TopicRouterOptions): TopicRouter {
  const expansions = options.expansions ?? {};
  const words = (text: string): TopicToken[] =>
    (text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((w) => {
      const expanded = expansions[w];
      return (expanded ? expanded.split(' ') : [w]).map((x) => ({ raw: x, folded: fold(x), expanded: Boolean(expanded) }));
    });
  const stopwords = words(options.stopwords ?? '');
  const stem = options.stem;
  const minLength = options.minWordLength ?? 2;
  const key = (t: TopicToken) => (stem ? stemOf(t.folded, stem) : t.raw);
  /** With `stem`, words are the same when their stems are; else as sameWord says. */
  const same: Same = stem ? (said, cue) => key(said) === key(cue) : sameWord;
  const foldedStopwords = new Set(stopwords.map((w) => w.folded));
  /**
   * A stopword as typed: "cần" and "can" are, "cân" (weight) is not. With `stem`, accents aside and a plural
   * "s" too ("duvidas" is "dúvida").
   */
  const isStopword = (t: TopicToken) =>
    stem ? foldedStopwords.has(t.folded) || (t.folded.endsWith('s') && foldedStopwords.has(t.folded.slice(0, -1))) : stopwords.some((w) => sameWord(t, w));
  const isContent = (t: TopicToken) => !isStopword(t) && t.folded.length >= minLength;
  const overviews = (options.overview ?? []).map((h) => fold(h.toLowerCase()));
  const isOverview = (p: Passage) => overviews.some((h) => fold(p.heading.toLowerCase()).startsWith(h));
  const domain = (options.domainPhrases ?? []).map((p) => words(p).map((t) => t.folded));
  const withoutDomainPhrases = (tokens: TopicToken[]) => {
    const drop = new Set<number>();
    for (const phrase of domain) {
      for (let i = 0; i + phrase.length <= tokens.length; i++) {
        if (phrase.every((w, k) => tokens[i + k].folded === w)) phrase.forEach((_, k) => drop.add(i + k));
      }
    }
    return tokens.filter((_, i) => !drop.has(i));
  };

  const compiled = options.topics.map((topic) => ({
    topic,
    cues: topic.cues.map((cue): CompiledCue => ({
      weak: cue.startsWith('?'),
      groups: cue.replace(/^\?/, '').split(' + ').map((group) =>
        alternatives(group).map((alt) => {
          const a = alt.trim();
          return a.startsWith('/') && a.endsWith('/') && a.length > 2 ? { regex: new RegExp(a.slice(1, -1), 'u') } : { phrase: words(a) };
        }),
      ),
    })),
  }));

  function overlapScore(question: string, passage: Passage): number {
    const q = withoutDomainPhrases(words(question));
    const strict = writesWithDiacritics(q);
    const heading = words(passage.heading);
    const body = words(passage.content);
    const has = (tokens: TopicToken[], t: TopicToken) => tokens.some((x) => same(t, x, strict));
    // each question word in the heading counts 3, in the text 1; each pair of consecutive words found together 2
    let score = 0;
    let shared = 0;
    let pairs = 0;
    const seen = new Set<string>();
    for (const t of q.filter(isContent)) {
      if (seen.has(key(t))) continue;
      seen.add(key(t));
      const points = has(heading, t) ? 3 : has(body, t) ? 1 : 0;
      if (points) shared++;
      score += points;
    }
    for (let i = 0; i + 1 < q.length; i++) {
      const pair = [q[i], q[i + 1]];
      if (pair.some(isStopword)) continue;
      if (containsPhrase(heading, pair, strict, same) || containsPhrase(body, pair, strict, same)) {
        pairs++;
        score += 2;
      }
    }
    // one shared word alone is chance (unless the bot's minWords says otherwise)
    return shared >= (options.minWords ?? 2) || pairs >= 1 ? score : 0;
  }
  const minScore = options.minScore ?? MIN_OVERLAP;

  /** Pairs of consecutive content words within one clause ("áo sơ", "sơ mi"): the phrases a text names things with. */
  const phrasesOf = (text: string): [TopicToken, TopicToken][] =>
    text.split(/[,.;:!?()[\]|\n–—/]+/u).flatMap((clause) => {
      const tokens = withoutDomainPhrases(words(clause));
      return tokens.slice(1).flatMap((t, i) => (isContent(tokens[i]) && isContent(t) ? [[tokens[i], t] as [TopicToken, TopicToken]] : []));
    });
  const holds = (phrases: [TopicToken, TopicToken][], p: [TopicToken, TopicToken], strict: boolean) =>
    phrases.some(([a, b]) => same(p[0], a, strict) && same(p[1], b, strict));
  /** The text names something else of the same kind: "áo thun" where the question says "áo sơ" (mi). */
  const namesSibling = (phrases: [TopicToken, TopicToken][], p: [TopicToken, TopicToken], strict: boolean) =>
    !holds(phrases, p, strict) && phrases.some(([a, b]) => same(p[0], a, strict) && !same(p[1], b, strict));

  /**
   * Passages whose heading names a phrase of the question that the topic's section names a sibling of: a topic
   * picked by a general cue ("giặt", "ủi") gives way to the section about the question's subject ("Giặt và ủi áo
   * sơ mi") when the topic's section is about something else of the same kind ("Giặt áo cotton (áo thun, áo polo)").
   */
  function namingSubject(question: string, passages: Passage[], topic: KnowledgeTopic): Set<Passage> {
    const asked = phrasesOf(question);
    const onTopic = passages.filter((p) => isTopicSection(p, topic));
    if (!asked.length || !onTopic.length) return new Set();
    const strict = writesWithDiacritics(words(question));
    // a heading names what its section is about; the text around it is prose, whose word pairs are no names
    const topicHeadings = onTopic.flatMap((p) => phrasesOf(p.heading));
    const topicText = onTopic.flatMap((p) => phrasesOf(`${p.heading}\n${p.content}`));
    const sibling = (q: [TopicToken, TopicToken]) => namesSibling(topicHeadings, q, strict) && !holds(topicText, q, strict);
    return new Set(passages.filter((p) => !isTopicSection(p, topic) && asked.some((q) => holds(phrasesOf(p.heading), q, strict) && sibling(q))));
  }

  return {
    topics: options.topics,
    words,
    detectTopic(text, opts = {}) {
      const tokens = words(text);
      const folded = tokens.map((t) => t.folded).join(' ');
      const strict = writesWithDiacritics(tokens);
      const meets = (cue: CompiledCue) =>
        !(opts.strongOnly && cue.weak) && cue.groups.every((alts) => alts.some((a) => ('regex' in a ? a.regex.test(folded) : containsPhrase(tokens, a.phrase, strict))));
      return compiled.find((c) => c.cues.some(meets))?.topic;
    },
    overlapScore,
    contentWords: (text) => [...new Set(withoutDomainPhrases(words(text)).filter(isContent).map(key))],
    rankPassages(question, passages, topic) {
      // a question that names no subject ("me explica o programa") asks for the overview
      const overview = overviews.length > 0 && !withoutDomainPhrases(words(question)).some(isContent);
      const subject = topic ? namingSubject(question, passages, topic) : new Set<Passage>();
      return passages
        .map((p, i) => ({ p, i, subject: subject.has(p), onTopic: topic ? isTopicSection(p, topic) : overview && isOverview(p), score: overlapScore(question, p) }))
        .filter((s) => s.subject || s.onTopic || s.score >= minScore)
        .sort((a, b) => Number(b.subject) - Number(a.subject) || Number(b.onTopic) - Number(a.onTopic) || b.score - a.score || a.i - b.i)
        .map((s) => s.p);
    },
  };
}
