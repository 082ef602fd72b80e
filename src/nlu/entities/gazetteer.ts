// Gazetteer matches: accent- and case-insensitive, whole words, longest surface form first; then, for what
// is left, forms with a small typo ("limpesa") or their words in another order ("clareamento dental" for
// "dental clareamento"). The entity value is the canonical key. A form listed in several gazetteers is an entity
// of each of their types.
import type { Gazetteer } from '../types.ts';
import { foldDiacritics } from '../../text/index.ts';
import type { Span } from './contacts.ts';
import { withinOneEdit } from '../edit-distance.ts';
import { gazetteerVetoes } from '../slot-reader/gazetteers.ts';

interface Entry {
  gazetteer: Gazetteer;
  type: string;
  canonical: string;
  form: string; // folded lowercase surface form
  words: string[]; // its words
}

const compiled = new WeakMap<Gazetteer[], Entry[]>();

function entries(gazetteers: Gazetteer[]): Entry[] {
  let list = compiled.get(gazetteers);
  if (!list) {
    const seen = new Set<string>();
    list = [];
    for (const g of gazetteers) {
      for (const [canonical, synonyms] of Object.entries(g.values)) {
        for (const s of [canonical, ...synonyms]) {
          const form = foldDiacritics(s.toLowerCase()).replace(/\s+/g, ' ').trim();
          const key = `${g.type}\u0000${form}`;
          if (!form || seen.has(key)) continue;
          seen.add(key);
          list.push({ gazetteer: g, type: g.type, canonical, form, words: form.split(' ') });
        }
      }
    }
    list.sort((a, b) => b.form.length - a.form.length);
    compiled.set(gazetteers, list);
  }
  return list;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** `folded` is lowercase, diacritics folded, same offsets as `text`. */
export function extractGazetteers(text: string, folded: string, gazetteers: Gazetteer[]): Span[] {
  if (gazetteers.length === 0) return [];
  const out: Span[] = [];
  // Collapse runs of spaces for matching multi-word forms while keeping offsets: match on a
  // version where every whitespace char is a plain space.
  const hay = folded.replace(/\s/g, ' ');
  // The span found first over each character (-1: none). Spans found are either apart or on the very same words.
  const cover = new Int32Array(hay.length).fill(-1);
  const found = new Set<string>();
  const veto = gazetteerVetoes(hay);
  for (const e of entries(gazetteers)) {
    let from = 0;
    for (;;) {
      const at = hay.indexOf(e.form, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + e.form.length;
      if (isWordChar(hay[at - 1]) || isWordChar(hay[end])) continue;
      // Words another gazetteer lists too are tagged by each (same words, another type); other overlaps lose.
      const key = `${at}:${end}:${e.type}`;
      if (found.has(key) || overlapsOther(out, cover, at, end)) continue;
      if (veto(e.gazetteer, at, end)) continue;
      if (cover[at] < 0) cover.fill(out.length, at, end);
      found.add(key);
      out.push({ type: e.type, value: e.canonical, text: text.slice(at, end), start: at, end });
    }
  }
  out.push(...looseMatches(text, hay, entries(gazetteers), cover, veto));
  return out.sort((a, b) => a.start - b.start);
}

/** Whether [at, end) overlaps a span on other words than exactly these. */
function overlapsOther(out: Span[], cover: Int32Array, at: number, end: number): boolean {
  for (let i = at; i < end; i++) {
    const k = cover[i];
    if (k >= 0 && (out[k].start !== at || out[k].end !== end)) return true;
  }
  return false;
}

interface Token {
  word: string;
  start: number;
  end: number;
}

/**
 * Forms whose every word is in the message (any order, a typo allowed in words of 5+ letters), close together.
 * `exact`: the characters the exact matches took (>= 0), which no loose match uses.
 */
function looseMatches(text: string, hay: string, list: Entry[], exact: Int32Array, veto: ReturnType<typeof gazetteerVetoes>): Span[] {
  const tokens: Token[] = [...hay.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], start: m.index!, end: m.index! + m[0].length }));
  const free = tokens.filter((t) => !exact.subarray(t.start, t.end).some((k) => k >= 0));
  // Free tokens by first letter and length (in message order): a form's word is only ever close to those.
  const byShape = new Map<string, number[]>();
  const shape = (first: string, length: number) => `${first}\u0000${length}`;
  free.forEach((t, i) => {
    const k = shape(t.word[0], t.word.length);
    const list = byShape.get(k);
    if (list) list.push(i);
    else byShape.set(k, [i]);
  });
  const known = knownWords(list);
  const taken = new Uint8Array(hay.length);
  const out: Span[] = [];
  for (const e of list) {
    const { words } = e;
    const used: number[] = [];
    for (const w of words) {
      // The earliest free token close enough to `w`, not used by this form nor taken by a loose match.
      let hit = -1;
      for (let length = w.length - 1; length <= w.length + 1; length++) {
        for (const i of byShape.get(shape(w[0], length)) ?? []) {
          if (hit >= 0 && i >= hit) break;
          const t = free[i];
          if (closeEnough(w, t.word, known) && !used.includes(i) && !taken.subarray(t.start, t.end).some((x) => x > 0)) {
            hit = i;
            break;
          }
        }
      }
      if (hit < 0) break;
      used.push(hit);
    }
    if (used.length !== words.length) continue;
    // Exact single words were found by the first pass; here every match needs a typo or a new order.
    if (Math.max(...used) - Math.min(...used) > words.length) continue;
    const start = Math.min(...used.map((i) => free[i].start));
    const end = Math.max(...used.map((i) => free[i].end));
    if (veto(e.gazetteer, start, end)) continue;
    taken.fill(1, start, end);
    out.push({ type: e.type, value: e.canonical, text: text.slice(start, end), start, end });
  }
  return out;
}

const wordsOf = new WeakMap<Entry[], Set<string>>();
/** Every word of every form: a word the gazetteers use themselves is never a typo of another one. */
function knownWords(list: Entry[]): Set<string> {
  let known = wordsOf.get(list);
  if (!known) wordsOf.set(list, (known = new Set(list.flatMap((e) => e.form.split(/[^\p{L}\p{N}]+/u)))));
  return known;
}

/**
 * Same word, or one edit away (insert, delete, substitute, swap) for words of five letters or more, with the first
 * letter right; never a word of another form ("bike" is no typo of "ebike" when "road bike" is a form too).
 */
function closeEnough(form: string, word: string, known: Set<string>): boolean {
  if (form === word) return true;
  if (form.length < 5 || Math.abs(form.length - word.length) > 1 || word.length < 4) return false;
  if (form[0] !== word[0] || known.has(word)) return false;
  return withinOneEdit(form, word);
}

/**
 * The value of `gazetteer` that `text` names as a whole: the value itself or one of its synonyms, compared without
 * accents, case or extra spaces ("pernambuco", "pe" → PE). Undefined when it names none.
 */
export function gazetteerValue(gazetteer: Pick<Gazetteer, 'values'>, text: string): string | undefined {
  const key = (s: string) => foldDiacritics(s.toLowerCase()).replace(/\s+/g, ' ').trim();
  const wanted = key(text);
  for (const [value, synonyms] of Object.entries(gazetteer.values)) {
    if (key(value) === wanted || synonyms.some((s) => key(s) === wanted)) return value;
  }
  return undefined;
}
