// A gazetteer's value read out of a message being read for several slots: the earliest form (the longest at that
// place), or with `pick: longest` the longest form anywhere; whole words, without regard to accents or case,
// unless inside one of the gazetteer's `not` phrases ("boa noite" names no shift), right after one of its
// `exceptAfter` words ("escola pública" is no college), or a `cueOnly` everyday word without its cue.
import type { Gazetteer } from '../types.ts';
import { foldPhrase } from '../../text/index.ts';
import { phrasesSource, WORD_END as E, WORD_START as B, type SlotText } from './slot-text.ts';

export interface GazetteerRead {
  value: string;
  start: number;
  end: number;
}


interface Compiled {
  re: RegExp;
  byForm: Map<string, string>;
  cueOnly: Set<string> | 'all';
  cue?: RegExp;
}
const compiled = new WeakMap<Gazetteer, Compiled>();

function formsOf(g: Gazetteer): Compiled {
  let c = compiled.get(g);
  if (!c) {
    const byForm = new Map<string, string>();
    for (const [value, synonyms] of Object.entries(g.values)) {
      for (const s of [value, ...synonyms]) {
        const form = foldPhrase(s);
        if (form && !byForm.has(form)) byForm.set(form, value);
      }
    }
    c = {
      re: new RegExp(`${B}${trieSource([...byForm.keys()])}${E}`, 'g'),
      byForm,
      cueOnly: g.cueOnly === 'all' ? 'all' : new Set((g.cueOnly ?? []).map(foldPhrase)),
      cue: g.cuesBefore?.length ? new RegExp(`${B}${phrasesSource(g.cuesBefore)}\\s+$`) : undefined,
    };
    compiled.set(g, c);
  }
  c.re.lastIndex = 0;
  return c;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  end: boolean;
}

/**
 * A regular-expression source for any of these folded forms, as a character trie: a list of thousands of names
 * (a bot's cities) is tried a branch per character instead of form by form. Longer forms are tried first.
 */
function trieSource(forms: readonly string[]): string {
  const root: TrieNode = { next: new Map(), end: false };
  for (const form of forms) {
    let node = root;
    for (const ch of form) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { next: new Map(), end: false }));
      node = child;
    }
    node.end = true;
  }
  const emit = (node: TrieNode): string => {
    const branches = [...node.next].map(([ch, child]) => (ch === ' ' ? '\\s+' : ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')) + emit(child));
    if (branches.length === 0) return '';
    const group = branches.length === 1 ? branches[0] : `(?:${branches.join('|')})`;
    return node.end ? `(?:${group})?` : group;
  };
  return `(?:${emit(root)})`;
}

/**
 * The gazetteer with more values, e.g. names from the bot's data added at setup to those its bot.yaml lists.
 * A value whose folded spelling is already a form keeps the first spelling; every other key is kept.
 */
export function extendGazetteer(g: Gazetteer, values: Record<string, string[]>): Gazetteer {
  const merged: Record<string, string[]> = { ...g.values };
  const known = new Set(Object.entries(g.values).flatMap(([v, syn]) => [v, ...syn].map(foldPhrase)));
  for (const [value, synonyms] of Object.entries(values)) {
    const form = foldPhrase(value);
    if (!form || known.has(form)) continue;
    known.add(form);
    merged[value] = synonyms;
  }
  return { ...g, values: merged };
}

/**
 * For one text: whether the form at [start, end) of `folded` is inside one of the gazetteer's `not` phrases or right
 * after an `exceptAfter` word. Each gazetteer's `not` phrases are looked for once in the text, not once per form found.
 */
export function gazetteerVetoes(folded: string): (g: Gazetteer, start: number, end: number) => boolean {
  // Per gazetteer: the furthest end of a `not` phrase that starts at or before each offset.
  const reaches = new Map<Gazetteer, Int32Array>();
  const reachOf = (g: Gazetteer, not: RegExp) => {
    let reach = reaches.get(g);
    if (!reach) {
      reach = new Int32Array(folded.length + 1);
      for (const m of folded.matchAll(not)) reach[m.index] = Math.max(reach[m.index], m.index + m[0].length);
      for (let i = 1; i < reach.length; i++) reach[i] = Math.max(reach[i], reach[i - 1]);
      reaches.set(g, reach);
    }
    return reach;
  };
  return (g, start, end) => {
    const { not, exceptAfter } = vetoesOf(g);
    if (not && reachOf(g, not)[start] >= end) return true;
    // The word right before, or the one before it ("escola estadual pública" is still the school).
    return exceptAfter?.test(folded.slice(Math.max(0, start - 40), start)) ?? false;
  };
}

const vetoes = new WeakMap<Gazetteer, { not?: RegExp; exceptAfter?: RegExp }>();

function vetoesOf(g: Gazetteer) {
  let v = vetoes.get(g);
  if (!v) {
    v = {
      not: g.not?.length ? new RegExp(`${B}${phrasesSource(g.not)}${E}`, 'g') : undefined,
      exceptAfter: g.exceptAfter?.length ? new RegExp(`${B}${phrasesSource(g.exceptAfter)}(?:\\s+\\S+)?\\s*$`) : undefined,
    };
    vetoes.set(g, v);
  }
  return v;
}

/**
 * The gazetteer's value in `text` (the first, or the longest with `pick: longest`), masked out; undefined when
 * none. `asked`: the bot just asked for this slot, so a `cueOnly` form needs no cue.
 */
export function readGazetteer(text: SlotText, g: Gazetteer, asked = false): GazetteerRead | undefined {
  const { re, byForm, cueOnly, cue } = formsOf(g);
  let best: (GazetteerRead & { length: number }) | undefined;
  const veto = gazetteerVetoes(text.folded);
  for (const m of text.matches(re)) {
    const start = m.index;
    const end = start + m[0].length;
    const form = m[0].replace(/\s+/g, ' ');
    const value = byForm.get(form);
    if (value === undefined || veto(g, start, end)) continue;
    if (!asked && (cueOnly === 'all' || cueOnly.has(form)) && !cue?.test(text.folded.slice(Math.max(0, start - 40), start))) continue;
    if (!best || form.length > best.length) best = { value, start, end, length: form.length };
    if (g.pick !== 'longest') break;
  }
  if (!best) return undefined;
  text.mask(best.start, best.end);
  return { value: best.value, start: best.start, end: best.end };
}
