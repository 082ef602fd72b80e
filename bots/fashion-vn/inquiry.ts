// Which knowledge passage answers a shop question. The knowledge search (Postgres full-text over
// accent-folded text) finds candidates; this module picks the one that answers:
// 1. a topic table (bot.yaml settings.knowledge_topics) maps the customer's words to a section heading:
//    "phí ship về Hà Nội" → "Phí vận chuyển…", "trả hàng bao lâu nhận lại tiền" → "Hoàn tiền…";
// 2. otherwise the candidates are re-ranked by the question's words they contain, compared WITH their
//    diacritics when the customer typed them ("Nẵng" is not "nặng", "phối" is not "phơi").
import type { BotConfig, Passage } from 'switchboard';
import { fashionConfig, fold } from './entities.ts';

export interface KnowledgeTopic {
  /** The start of the section heading that answers it ("Phí vận chuyển"). */
  section: string;
  /**
   * When the topic applies. A cue is groups joined by " + " that must all occur; a group is alternatives
   * joined by "|"; an alternative is a phrase ("phí ship") or a /regex/ over the accent-folded text.
   * A cue starting with "?" is weak: it picks the section for a shop question but is too common
   * ("mấy giờ", "email") to make an off-topic message a shop question.
   */
  cues: string[];
}

interface Token { raw: string; folded: string; expanded?: boolean }

const hasDiacritics = (s: string) => s !== fold(s);

/** Teen-code and abbreviations, expanded before matching (settings.teen_code: "ko" → "không", "dc" → "được"). */
const EXPANSIONS = (fashionConfig().settings.teen_code ?? {}) as Record<string, string>;

/** Lower-case NFC words (with their folded form), teen-code expanded. */
export function words(text: string): Token[] {
  const out: Token[] = [];
  for (const w of text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const expanded = EXPANSIONS[w];
    for (const x of expanded ? expanded.split(' ') : [w]) out.push({ raw: x, folded: fold(x), expanded: Boolean(expanded) });
  }
  return out;
}

/**
 * Whether the customer writes with diacritics. Then a word typed without them is meant that way
 * ("kiểm tra hàng" is not "trả hàng"); in a message typed without diacritics any accented reading goes.
 */
export function writesWithDiacritics(tokens: Token[]): boolean {
  const letters = tokens.filter((t) => !t.expanded && /\p{L}/u.test(t.raw));
  return letters.length > 0 && letters.filter((t) => hasDiacritics(t.raw)).length / letters.length >= 0.35;
}

/**
 * A word matches a cue word when they are the same word, or when the customer typed it without
 * diacritics (and does not usually type them) and it folds to the cue word: "phi ship" is "phí ship",
 * but "lên" is not "len" and "vật" is not "VAT".
 */
function sameWord(said: Token, cue: Token, strict = false): boolean {
  if (said.raw === cue.raw) return true;
  return !strict && said.folded === cue.folded && !hasDiacritics(said.raw);
}

function containsPhrase(tokens: Token[], phrase: Token[], strict = false): boolean {
  if (!phrase.length) return false;
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    if (phrase.every((p, k) => sameWord(tokens[i + k], p, strict))) return true;
  }
  return false;
}

interface CompiledCue { weak: boolean; groups: ({ phrase: Token[] } | { regex: RegExp })[][] }

const compiledCues = new WeakMap<KnowledgeTopic, CompiledCue[]>();

function compile(topic: KnowledgeTopic): CompiledCue[] {
  let c = compiledCues.get(topic);
  if (!c) {
    c = topic.cues.map((cue) => ({
      weak: cue.startsWith('?'),
      groups: cue.replace(/^\?/, '').split(' + ').map((group) =>
        group.split('|').map((alt) => {
          const a = alt.trim();
          return a.startsWith('/') && a.endsWith('/') && a.length > 2 ? { regex: new RegExp(a.slice(1, -1), 'u') } : { phrase: words(a) };
        }),
      ),
    }));
    compiledCues.set(topic, c);
  }
  return c;
}

function cueMatches(cue: CompiledCue, tokens: Token[], folded: string, strict: boolean): boolean {
  return cue.groups.every((alts) => alts.some((a) => ('regex' in a ? a.regex.test(folded) : containsPhrase(tokens, a.phrase, strict))));
}

/**
 * The first topic (in bot.yaml order, specific before general) whose cue the message meets;
 * `strongOnly`: ignore weak cues (to tell whether an off-topic-looking message is about the shop).
 */
export function detectTopic(text: string, topics: KnowledgeTopic[], options: { strongOnly?: boolean } = {}): KnowledgeTopic | undefined {
  const tokens = words(text);
  const folded = tokens.map((t) => t.folded).join(' ');
  const strict = writesWithDiacritics(tokens);
  return topics.find((t) => compile(t).some((cue) => !(options.strongOnly && cue.weak) && cueMatches(cue, tokens, folded, strict)));
}

const topicCache = new WeakMap<BotConfig, KnowledgeTopic[]>();

/** bot.yaml settings.knowledge_topics. */
export function topicsFromConfig(config: BotConfig): KnowledgeTopic[] {
  let t = topicCache.get(config);
  if (!t) {
    const raw = config.settings.knowledge_topics;
    t = Array.isArray(raw)
      ? raw
          .filter((x): x is KnowledgeTopic => Boolean(x) && typeof x.section === 'string' && Array.isArray(x.cues))
          .map((x) => ({ section: x.section, cues: x.cues.map(String) }))
      : [];
    topicCache.set(config, t);
  }
  return t;
}

/** The passage is the section the topic names. */
export function isTopicSection(passage: Passage, topic: KnowledgeTopic): boolean {
  return fold(passage.heading.toLowerCase()).startsWith(fold(topic.section.toLowerCase()));
}

// --- ranking by shared words ---

/** Words that say nothing about the topic (settings.stopwords: particles, pronouns, question words), with diacritics. */
const STOPWORDS = words(String(fashionConfig().settings.stopwords ?? ''));

/** A stopword as typed: "cần" and "can" are, "cân" (weight) is not. */
const isStopword = (t: Token) => STOPWORDS.some((w) => sameWord(t, w));

/** "thời trang": every passage is about fashion, so the word says nothing about which one answers. */
function withoutDomainWords(tokens: Token[]): Token[] {
  return tokens.filter((t, i) => !(t.folded === 'thoi' && tokens[i + 1]?.folded === 'trang') && !(t.folded === 'trang' && tokens[i - 1]?.folded === 'thoi'));
}

const contentWords = (tokens: Token[]) => tokens.filter((t) => !isStopword(t) && t.folded.length > 1);

/**
 * How well a passage answers the question: each question word found in the heading counts 3, in the
 * text 1, each pair of consecutive question words found together 2. Words typed with diacritics must
 * match with the same diacritics. One shared word alone ("thời" of "thời trang" in "Thời hạn đổi trả")
 * is chance: a passage must share two words, or a pair, to score at all.
 */
export function overlapScore(question: string, passage: Passage): number {
  const q = withoutDomainWords(words(question));
  const strict = writesWithDiacritics(q);
  const qWords = contentWords(q);
  const heading = words(passage.heading);
  const body = words(passage.content);
  const has = (tokens: Token[], t: Token) => tokens.some((x) => sameWord(t, x, strict));
  let score = 0;
  let shared = 0;
  let pairs = 0;
  const seen = new Set<string>();
  for (const t of qWords) {
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
  return shared >= 2 || pairs >= 1 ? score : 0;
}

/** Below this a passage shares too little with the question to be its answer. */
export const MIN_OVERLAP = 3;

/**
 * The candidates, best answer first: the topic's section (when a topic is known), then by overlap
 * score (ties keep the search order); passages under MIN_OVERLAP are dropped unless they are the topic's.
 */
export function rankPassages(question: string, passages: Passage[], topic?: KnowledgeTopic): Passage[] {
  const scored = passages.map((p, i) => ({ p, i, onTopic: topic ? isTopicSection(p, topic) : false, score: overlapScore(question, p) }));
  return scored
    .filter((s) => s.onTopic || s.score >= MIN_OVERLAP)
    .sort((a, b) => Number(b.onTopic) - Number(a.onTopic) || b.score - a.score || a.i - b.i)
    .map((s) => s.p);
}

/** What to show of a passage: its text without the heading line. */
export function passageBody(passage: string): string {
  const lines = passage.split('\n');
  return lines.slice(1).join('\n').trim() || passage.trim();
}
