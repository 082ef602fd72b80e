// A message being read for several slots at once. The text is folded to a same-length lowercase copy without
// accents, so a match in the folded text points at the same span of the original (names keep their capitals).
// Each value read is masked out of the folded copy, so one number is never read twice (an income is not also
// a score or an age).
import { foldPreservingOffsets } from '../../text/index.ts';

export interface TextSpan {
  text: string;
  start: number;
  end: number;
}

/** Whole-word boundaries in folded text. */
export const WORD_START = '(?<![a-z0-9])';
export const WORD_END = '(?![a-z0-9])';

export class SlotText {
  readonly original: string;
  /** The folded copy; masked spans are spaces. */
  folded: string;

  constructor(text: string) {
    this.original = text;
    // º/ª/° are ordinal marks: "3º ano" reads as "3o ano".
    this.folded = foldPreservingOffsets(text.replace(/[º°]/g, 'o').replace(/ª/g, 'a'));
  }

  /** Removes [start, end) from what later reads can see. */
  mask(start: number, end: number): void {
    this.folded = this.folded.slice(0, start) + ' '.repeat(Math.max(0, end - start)) + this.folded.slice(end);
  }

  /** Every match of `re` (global; add the `d` flag for group offsets) in the folded text as it is now. */
  matches(re: RegExp): RegExpExecArray[] {
    return [...this.folded.matchAll(re)];
  }

  /** The first match of `re` in the folded text as it is now. */
  find(re: RegExp): RegExpExecArray | null {
    re.lastIndex = 0;
    return re.exec(this.folded);
  }

  /** The original spelling of [start, end). */
  originalOf(start: number, end: number): string {
    return this.original.slice(start, end);
  }

  /** The clauses left between punctuation (folded, trimmed, with their offsets). */
  clauses(): TextSpan[] {
    const out: TextSpan[] = [];
    for (const m of this.folded.matchAll(/[^,;.!?\n]+/g)) {
      const lead = m[0].length - m[0].trimStart().length;
      const text = m[0].trim();
      if (text) out.push({ text, start: m.index + lead, end: m.index + lead + text.length });
    }
    return out;
  }
}

const phraseSources = new Map<string, string>();

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular-expression source (no groups) for any of these folded phrases, longest first; a phrase ending in `*`
 * matches any word starting so ("ganh*": ganho, ganhamos), and spaces match any run of spaces.
 */
export function phrasesSource(phrases: readonly string[]): string {
  // Kept: the same cue lists are compiled for every clause of a long message of commands.
  const key = phrases.join('\u0000');
  let source = phraseSources.get(key);
  if (source === undefined) {
    const sorted = [...phrases].sort((a, b) => b.length - a.length);
    source = `(?:${sorted.map((p) => escapeRe(foldPreservingOffsets(p.trim())).replace(/\\\*$/, '[a-z]*').replace(/ +/g, '\\s+')).join('|')})`;
    if (phraseSources.size < 10_000) phraseSources.set(key, source);
  }
  return source;
}
