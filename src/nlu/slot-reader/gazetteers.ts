// A gazetteer's value read out of a message being read for several slots: the earliest form (the longest at that
// place), whole words, without regard to accents or case, unless inside one of the gazetteer's `not` phrases
// ("boa noite" names no shift) or right after one of its `exceptAfter` words ("escola pública" is no college).
import type { Gazetteer } from '../types.ts';
import { foldPreservingOffsets } from '../normalize.ts';
import { phrasesSource, WORD_END as E, WORD_START as B, type SlotText } from './slot-text.ts';

export interface GazetteerRead {
  value: string;
  start: number;
  end: number;
}

const compiled = new WeakMap<Gazetteer, { re: RegExp; byForm: Map<string, string> }>();

function formsOf(g: Gazetteer) {
  let c = compiled.get(g);
  if (!c) {
    const byForm = new Map<string, string>();
    for (const [value, synonyms] of Object.entries(g.values)) {
      for (const s of [value, ...synonyms]) {
        const form = foldPreservingOffsets(s.trim()).replace(/\s+/g, ' ');
        if (form && !byForm.has(form)) byForm.set(form, value);
      }
    }
    c = { re: new RegExp(`${B}${phrasesSource([...byForm.keys()])}${E}`, 'g'), byForm };
    compiled.set(g, c);
  }
  c.re.lastIndex = 0;
  return c;
}

/** Whether the form at [start, end) of `folded` is inside a `not` phrase or right after an `exceptAfter` word. */
export function gazetteerVeto(g: Gazetteer, folded: string, start: number, end: number): boolean {
  if (g.not?.length) {
    for (const m of folded.matchAll(new RegExp(`${B}${phrasesSource(g.not)}${E}`, 'g'))) {
      if (m.index <= start && end <= m.index + m[0].length) return true;
    }
  }
  if (g.exceptAfter?.length) {
    // The word right before, or the one before it ("escola estadual pública" is still the school).
    const before = folded.slice(Math.max(0, start - 40), start);
    if (new RegExp(`${B}${phrasesSource(g.exceptAfter)}(?:\\s+\\S+)?\\s*$`).test(before)) return true;
  }
  return false;
}

/** The gazetteer's first value in `text`, masked out; undefined when none. */
export function readGazetteer(text: SlotText, g: Gazetteer): GazetteerRead | undefined {
  const { re, byForm } = formsOf(g);
  for (const m of text.matches(re)) {
    const start = m.index;
    const end = start + m[0].length;
    if (gazetteerVeto(g, text.folded, start, end)) continue;
    const value = byForm.get(m[0].replace(/\s+/g, ' '));
    if (value === undefined) continue;
    text.mask(start, end);
    return { value, start, end };
  }
  return undefined;
}
