// Every value of a gazetteer a message names, not just the first: a shop's products by their aliases, where one
// alias may name several records ("zapatilla" names every sneaker) and a longer mention wins over the shorter one inside
// it. Words are compared folded (case, accents, punctuation), with Spanish/Portuguese plural endings dropped and
// one typo forgiven in long words; a mention inside a phrase of another gazetteer (something the shop does not
// sell, a drug) does not count.
import type { Gazetteer } from './types.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import { withinOneEdit } from './edit-distance.ts';

export interface Mention {
  /** The gazetteer value named (its canonical key). */
  value: string;
  /** The form that matched, as the gazetteer spells it. */
  form: string;
  /** Character offsets of the mention in the message. */
  start: number;
  end: number;
}

export interface MentionOptions {
  /** Gazetteers whose phrases hide a mention inside them ("zapatilla de ballet" hides "zapatilla"). */
  notInside?: Gazetteer[];
  /** Forgive one typo in words of six letters or more (first letter right). Default true. */
  typos?: boolean;
}

interface Word {
  word: string;
  start: number;
  end: number;
}

/** Light plural stripping for Spanish and Portuguese, applied alike to text and forms ("ganadores" → "ganador"). */
function stem(word: string): string {
  if (word.length > 5 && /[rlndzj]es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The message's words, folded and stemmed, with their offsets; "1,5" is the one word "1.5". */
function mentionWords(text: string): Word[] {
  const folded = foldPreservingOffsets(text);
  return [...folded.matchAll(/\d+(?:[.,]\d+)?|[\p{L}\p{N}]+/gu)].map((m) => ({ word: stem(m[0].replace(',', '.')), start: m.index!, end: m.index! + m[0].length }));
}

const formWords = new WeakMap<Gazetteer, { value: string; form: string; words: string[] }[]>();

function formsOf(g: Gazetteer) {
  let forms = formWords.get(g);
  if (!forms) {
    forms = Object.entries(g.values).flatMap(([value, synonyms]) =>
      [value, ...synonyms].map((form) => ({ value, form, words: mentionWords(form).map((w) => w.word) })).filter((f) => f.words.length > 0),
    );
    formWords.set(g, forms);
  }
  return forms;
}

function sameWord(text: string, form: string, typos: boolean): boolean {
  if (text === form) return true;
  return typos && text.length >= 6 && form.length >= 6 && text[0] === form[0] && withinOneEdit(text, form);
}

interface WordSpan {
  value: string;
  form: string;
  from: number; // word index, inclusive
  to: number; // word index, exclusive
}

function spans(words: Word[], g: Gazetteer, typos: boolean): WordSpan[] {
  const out: WordSpan[] = [];
  for (const f of formsOf(g)) {
    for (let i = 0; i + f.words.length <= words.length; i++) {
      if (f.words.every((w, j) => sameWord(words[i + j].word, w, typos))) out.push({ value: f.value, form: f.form, from: i, to: i + f.words.length });
    }
  }
  return out;
}

const longer = (outer: WordSpan, inner: WordSpan) => outer.from <= inner.from && inner.to <= outer.to && outer.to - outer.from > inner.to - inner.from;
const within = (outer: WordSpan, inner: WordSpan) => outer.from <= inner.from && inner.to <= outer.to;

/**
 * The values of `g` the message names, each once at its longest mention, in message order. A mention inside a
 * longer one of another value is dropped ("zapatilla de running" names that one, not every sneaker), as is one inside a
 * `not` phrase of `g` or inside a phrase of an `options.notInside` gazetteer (matched without typos).
 */
export function findMentions(text: string, g: Gazetteer, options: MentionOptions = {}): Mention[] {
  const words = mentionWords(text);
  if (!words.length) return [];
  const best = new Map<string, WordSpan>();
  for (const s of spans(words, g, options.typos ?? true)) {
    const had = best.get(s.value);
    const len = s.to - s.from;
    if (!had || len > had.to - had.from || (len === had.to - had.from && s.form.length > had.form.length)) best.set(s.value, s);
  }
  const found = [...best.values()];
  const blockers = [
    ...(g.not?.length ? spans(words, { type: g.type, values: { not: g.not } }, false) : []),
    ...(options.notInside ?? []).flatMap((b) => spans(words, b, false)),
  ];
  return found
    .filter((m) => !found.some((o) => longer(o, m)) && !blockers.some((b) => within(b, m)))
    .sort((a, b) => a.from - b.from)
    .map((m) => ({ value: m.value, form: m.form, start: words[m.from].start, end: words[m.to - 1].end }));
}
