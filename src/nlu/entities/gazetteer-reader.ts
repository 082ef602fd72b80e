// Reading several gazetteers from one message in an order the bot chooses, each word used once: "áo thun đen
// size M" → a product type, then a colour. Forms match whole words without regard to case or accents, longest
// form first, earliest in the message first; a word typed WITH diacritics must match them ("đồ" is not "đỏ",
// "đến" is not "đen"). A gazetteer's `ambiguous` words, typed without diacritics, count only right after one of
// its `cues` ("mau den") or right after a match of a type in its `after` ("ao den"): bare "den" is also "đến".
import type { Gazetteer } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';

export interface GazetteerMatch {
  type: string;
  value: string;
  /** Token indexes of the match, inclusive. */
  first: number;
  last: number;
  start: number;
  end: number;
}

export interface ReaderToken {
  /** Lowercase NFC, as typed. */
  raw: string;
  folded: string;
  start: number;
  end: number;
}

interface Form { value: string; tokens: { raw: string; folded: string }[] }

const fold = (s: string) => foldPreservingOffsets(s.normalize('NFC'));
/** A token's raw form is lowercase NFC and its folded form the same characters folded. */
const hasDiacritics = (t: { raw: string; folded: string }) => t.raw !== t.folded;

function tokenize(raw: string): ReaderToken[] {
  const folded = fold(raw);
  return [...folded.matchAll(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu)].map((m) => ({
    raw: raw.slice(m.index!, m.index! + m[0].length),
    folded: m[0],
    start: m.index!,
    end: m.index! + m[0].length,
  }));
}

const compiled = new WeakMap<Gazetteer, Form[]>();

function formsOf(g: Gazetteer): Form[] {
  let list = compiled.get(g);
  if (!list) {
    list = Object.entries(g.values).flatMap(([value, synonyms]) =>
      [...synonyms, value].map((s) => ({ value, tokens: tokenize(s.normalize('NFC').toLowerCase()).map(({ raw, folded }) => ({ raw, folded })) })),
    ).filter((f) => f.tokens.length > 0);
    // longest first, so "xanh da trời" wins over "xanh" and "áo thun" over "áo"
    const size = (f: Form) => f.tokens.map((t) => t.folded).join(' ').length;
    list.sort((a, b) => b.tokens.length - a.tokens.length || size(b) - size(a));
    compiled.set(g, list);
  }
  return list;
}

export class GazetteerReader {
  readonly tokens: ReaderToken[];
  readonly used: boolean[];
  readonly found: GazetteerMatch[] = [];
  /** Token indexes by folded word, in order: where a form can start. */
  private readonly at = new Map<string, number[]>();

  /** `veto` rejects an ambiguous single word at a token index (a bot's own reading of its language). */
  constructor(text: string, private readonly veto: (tokens: ReaderToken[], index: number) => boolean = () => false) {
    this.tokens = tokenize(text.normalize('NFC').toLowerCase());
    this.used = this.tokens.map(() => false);
    this.tokens.forEach((t, i) => {
      const list = this.at.get(t.folded);
      if (list) list.push(i);
      else this.at.set(t.folded, [i]);
    });
  }

  /** Marks the tokens overlapping the character span [start, end) as used (another reading took them). */
  take(start: number, end: number): void {
    this.tokens.forEach((t, i) => {
      if (t.start < end && start < t.end) this.used[i] = true;
    });
  }

  /** Whether a token overlapping [start, end) is used. */
  taken(start: number, end: number): boolean {
    return this.tokens.some((t, i) => this.used[i] && t.start < end && start < t.end);
  }

  /** The gazetteer's earliest match among the free words, marking them used; undefined when none. */
  read(g: Gazetteer): GazetteerMatch | undefined {
    let best: GazetteerMatch | undefined;
    for (const form of formsOf(g)) {
      // Only where the form's first word stands, earliest first.
      for (const i of this.at.get(form.tokens[0].folded) ?? []) {
        if (i + form.tokens.length > this.tokens.length || (best && i >= best.first)) break;
        if (!form.tokens.every((f, k) => !this.used[i + k] && sameWord(this.tokens[i + k], f))) continue;
        if (form.tokens.length === 1 && this.isAmbiguous(g, i) && (!this.hasCue(g, i) || this.veto(this.tokens, i) || this.isFinalParticle(g, i))) continue;
        const last = i + form.tokens.length - 1;
        best = { type: g.type, value: form.value, first: i, last, start: this.tokens[i].start, end: this.tokens[last].end };
        break;
      }
    }
    if (!best) return undefined;
    for (let k = best.first; k <= best.last; k++) this.used[k] = true;
    this.found.push(best);
    return best;
  }

  private isAmbiguous(g: Gazetteer, i: number): boolean {
    const t = this.tokens[i];
    return !hasDiacritics(t) && (g.ambiguous ?? []).some((w) => fold(w.toLowerCase()) === t.folded);
  }

  /** The word ends the message, or comes before one of the gazetteer's `finalParticles.before`, as a closing particle. */
  private isFinalParticle(g: Gazetteer, i: number): boolean {
    const p = g.finalParticles;
    if (!p || !p.words.some((w) => fold(w.toLowerCase()) === this.tokens[i].folded)) return false;
    const next = this.tokens[i + 1];
    return !next || p.before.some((w) => fold(w.toLowerCase()) === next.folded);
  }

  private hasCue(g: Gazetteer, i: number): boolean {
    const prev = this.tokens[i - 1];
    if (!prev) return false;
    if ((g.cues ?? []).some((c) => fold(c.toLowerCase()) === prev.folded)) return true;
    return this.found.some((f) => f.first <= i - 1 && i - 1 <= f.last && (g.after ?? []).includes(f.type));
  }
}

/** A word written with diacritics means exactly that word; one written without them may stand for any accented form. */
function sameWord(tok: ReaderToken, form: { raw: string; folded: string }): boolean {
  return tok.folded === form.folded && (!hasDiacritics(tok) || tok.raw === form.raw);
}
