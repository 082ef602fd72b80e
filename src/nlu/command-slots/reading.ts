// One request's text being read for its slots: what each slot took (no other slot reads it again) and what it cut
// (left out of the free text), over a same-length folded copy so matches on it cut the original at the same places.
import { foldPreservingOffsets } from '../../text/index.ts';
import { phrasesSource, WORD_END, WORD_START } from '../slot-reader/slot-text.ts';
import type { LanguageWords } from './words.ts';

export type Span = [number, number];

const overlaps = (spans: Span[], start: number, end: number) => spans.some(([s, e]) => s < end && start < e);
/** Marks a cut in the free text being tidied. */
const CUT = '\u0000';

export class Reading {
  readonly original: string;
  readonly folded: string;
  /** Where the free text (after the command's opening) starts. */
  readonly restStart: number;
  private readonly taken: Span[] = [];
  private readonly cuts: Span[] = [];

  constructor(text: string, rest: string) {
    this.original = text;
    this.folded = foldPreservingOffsets(text);
    const at = text.endsWith(rest) ? text.length - rest.length : text.lastIndexOf(rest);
    this.restStart = at >= 0 ? at : 0;
  }

  isFree(start: number, end: number): boolean {
    return !overlaps(this.taken, start, end) && !overlaps(this.cuts, start, end);
  }

  take(start: number, end: number): void {
    this.taken.push([start, end]);
  }

  cut(start: number, end: number): void {
    if (end > start) this.cuts.push([start, end]);
  }

  /** The original text of [start, end) with what was taken (and cut) blanked: what a reader may still see. */
  blanked(start = 0, end = this.original.length): string {
    let out = '';
    for (let i = start; i < end; i++) out += overlaps(this.taken, i, i + 1) || overlaps(this.cuts, i, i + 1) ? ' ' : this.original[i];
    return out;
  }

  /** [start, end) with cuts (and the `extra` spans) marked, for tidying. */
  withCuts(start: number, end: number, extra: Span[] = []): string {
    let out = '';
    for (let i = start; i < end; i++) out += overlaps(this.cuts, i, i + 1) || overlaps(extra, i, i + 1) ? CUT : this.original[i];
    return out;
  }

  /** Is [from, to) nothing but spaces, punctuation, cuts and these words? */
  onlyWordsIn(from: number, to: number, words: Set<string>): boolean {
    const between = this.withCuts(from, to);
    const folded = foldPreservingOffsets(between);
    return [...folded.matchAll(/[\p{L}\p{N}]+/gu)].every((m) => words.has(m[0]));
  }
}

const phrase = (phrases: string[]) => new RegExp(`^(?:${phrasesSource(phrases)})${WORD_END}`);
const EDGE = /^[\s,;:.\-–—"'“”‘’«»!?]+/;

/**
 * Free text with cuts marked → its value: polite phrases dropped where it opens, and the glue words, articles and
 * the intent's opening words that stood against a cut; glue words at its end; the first letter capitalised unless
 * it refers to something as typed (`capitalize` false).
 */
export function tidyFreeText(marked: string, words: LanguageWords, opening: string[], capitalize = true): string {
  const text = withoutTrailingGlue(withoutOpening(marked, words, opening), words.glue);
  const value = text.replace(/\s*\u0000+\s*/g, ' ').replace(/\s+/g, ' ').trim();
  return capitalize ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/** Most words, edges or cuts dropped from either end of a text before it is left as it is. */
const MAX_TRIMS = 40;

/**
 * The text without what opens it: punctuation, cuts, polite phrases, glue words and articles before a cut, and
 * (once something was cut) glue words, articles and the intent's opening words.
 */
function withoutOpening(marked: string, words: LanguageWords, opening: string[]): string {
  const polite = phrase(words.leading);
  const resume = phrase([...words.glue, ...words.articles, ...opening].filter(Boolean));
  const glueBeforeCut = new RegExp(`^(?:${phrasesSource([...words.glue, ...words.articles])}${WORD_END}[\\s,:]*)+${CUT}`);
  let text = marked;
  let afterCut = false;
  for (let guard = 0; guard < MAX_TRIMS; guard++) {
    const f = foldPreservingOffsets(text);
    const edge = EDGE.exec(f)?.[0] ?? '';
    if (edge) {
      text = text.slice(edge.length);
      continue;
    }
    if (text.startsWith(CUT)) {
      text = text.replace(/^\u0000+/, '');
      afterCut = true;
      continue;
    }
    const m = glueBeforeCut.exec(f) ?? polite.exec(f) ?? (afterCut ? resume.exec(f) : null);
    if (!m || !m[0]) break;
    text = text.slice(m[0].length);
  }
  return text;
}

/** The text without the punctuation, cuts and glue words it ends with. */
function withoutTrailingGlue(text: string, glue: string[]): string {
  const trailingGlue = glue.length ? new RegExp(`(?:^|[\\s${CUT}])${phrasesSource(glue)}$`) : null;
  for (let guard = 0; guard < MAX_TRIMS; guard++) {
    const trimmed = text.replace(/[\s,;:.\-–—"'“”‘’«»!?\u0000]+$/u, '');
    const m = trailingGlue?.exec(foldPreservingOffsets(trimmed));
    text = m ? trimmed.slice(0, m.index) : trimmed;
    if (!m) break;
  }
  return text;
}

/** Every match of the cue phrases in the folded text, whole words (a phrase of punctuation anywhere), in order. */
export function cueMatches(folded: string, cues: string[]): { start: number; end: number }[] {
  const words = cues.filter((c) => /^[\p{L}\p{N}]/u.test(c));
  const marks = cues.filter((c) => !/^[\p{L}\p{N}]/u.test(c));
  const alternatives = [...(words.length ? [`${WORD_START}${phrasesSource(words)}${WORD_END}`] : []), ...(marks.length ? [phrasesSource(marks)] : [])];
  if (!alternatives.length) return [];
  const re = new RegExp(alternatives.join('|'), 'g');
  return [...folded.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}
