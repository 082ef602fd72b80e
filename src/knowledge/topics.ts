// Which knowledge passage answers a question, for a bot whose customers write short, loose messages. The
// knowledge search (full-text, accent-folded, words OR-ed) finds candidates; a topic router picks the one that
// answers:
// 1. a topic table maps the customer's words to a section heading ("phí ship về Hà Nội" → "Phí vận chuyển");
// 2. otherwise the candidates are re-ranked by the question's words they contain, compared WITH their
//    diacritics when the customer typed them ("Nẵng" is not "nặng"), and those sharing too little are dropped.
import type { Passage } from '../engine/types.ts';
import { foldPreservingOffsets } from '../nlu/index.ts';

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
}

export interface TopicToken { raw: string; folded: string; expanded?: boolean }

export interface TopicRouter {
  readonly topics: KnowledgeTopic[];
  /** Lower-case NFC words (with their folded form), abbreviations expanded. */
  words(text: string): TopicToken[];
  /** The first topic (in table order, specific before general) whose cue the message meets; `strongOnly` ignores weak cues. */
  detectTopic(text: string, options?: { strongOnly?: boolean }): KnowledgeTopic | undefined;
  /** How well a passage answers the question (0 when it shares under two words and no pair of words). */
  overlapScore(question: string, passage: Passage): number;
  /** The candidates, best first: the topic's section, then by overlap; those under MIN_OVERLAP are dropped unless the topic's. */
  rankPassages(question: string, passages: Passage[], topic?: KnowledgeTopic): Passage[];
}

/** Below this a passage shares too little with the question to be its answer. */
export const MIN_OVERLAP = 3;

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

function containsPhrase(tokens: TopicToken[], phrase: TopicToken[], strict = false): boolean {
  if (!phrase.length) return false;
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    if (phrase.every((p, k) => sameWord(tokens[i + k], p, strict))) return true;
  }
  return false;
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
  /** A stopword as typed: "cần" and "can" are, "cân" (weight) is not. */
  const isStopword = (t: TopicToken) => stopwords.some((w) => sameWord(t, w));
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
    const has = (tokens: TopicToken[], t: TopicToken) => tokens.some((x) => sameWord(t, x, strict));
    // each question word in the heading counts 3, in the text 1; each pair of consecutive words found together 2
    let score = 0;
    let shared = 0;
    let pairs = 0;
    const seen = new Set<string>();
    for (const t of q.filter((x) => !isStopword(x) && x.folded.length > 1)) {
      if (seen.has(t.raw)) continue;
      seen.add(t.raw);
      const points = has(heading, t) ? 3 : has(body, t) ? 1 : 0;
      if (points) shared++;
      score += points;
    }
    for (let i = 0; i + 1 < q.length; i++) {
      const pair = [q[i], q[i + 1]];
      if (pair.some(isStopword)) continue;
      if (containsPhrase(heading, pair, strict) || containsPhrase(body, pair, strict)) {
        pairs++;
        score += 2;
      }
    }
    // one shared word alone is chance
    return shared >= 2 || pairs >= 1 ? score : 0;
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
    rankPassages(question, passages, topic) {
      return passages
        .map((p, i) => ({ p, i, onTopic: topic ? isTopicSection(p, topic) : false, score: overlapScore(question, p) }))
        .filter((s) => s.onTopic || s.score >= MIN_OVERLAP)
        .sort((a, b) => Number(b.onTopic) - Number(a.onTopic) || b.score - a.score || a.i - b.i)
        .map((s) => s.p);
    },
  };
}
