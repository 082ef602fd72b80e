// "Any of them" for a gazetteer's slot (bot.yaml gazetteer key `indifferent:`): two different values named
// together ("pública ou privada"), or a phrase of indifference ("tanto faz") in a clause naming a value. A clause
// holding only such a phrase and filler words answers the slot when it was asked; otherwise the caller learns
// that the message said "whichever" about something it did not name.
import type { Gazetteer } from '../types.ts';
import { foldPhrase } from '../../text/index.ts';
import { readGazetteer, type GazetteerRead } from './gazetteers.ts';
import { phrasesSource, SlotText, WORD_END as E, WORD_START as B } from './slot-text.ts';

export interface IndifferentSpec {
  /** Phrases meaning "any of them" ("tanto faz", "qualquer uma"). */
  phrases: string[];
  /** Words that may stand beside a phrase in a clause that names nothing else ("pra mim tanto faz mesmo"). */
  filler?: string[];
  /** Words that may come between two values named together ("ou", "quanto"); a slash always may. */
  between?: string[];
}

/** `any`: the slot takes any value (masked); `unnamed`: a bare "whichever" the slot was not asked for. */
export type IndifferentRead = { kind: 'any'; start: number; end: number } | { kind: 'unnamed'; start: number; end: number };


/** Every value of the gazetteer named in the text, in order (its vetoes apply). */
function valuesNamed(folded: string, g: Gazetteer): GazetteerRead[] {
  const copy = new SlotText(folded);
  const found: GazetteerRead[] = [];
  for (let v = readGazetteer(copy, g); v; v = readGazetteer(copy, g)) found.push(v);
  return found.sort((a, b) => a.start - b.start);
}

/** Whether the text says any of the gazetteer's values will do; undefined when the gazetteer has no `indifferent`. */
export function readIndifferent(text: SlotText, g: Gazetteer, asked = false): IndifferentRead | undefined {
  const spec = g.indifferent;
  if (!spec?.phrases.length) return undefined;
  return readTwoNamed(text, g, spec) ?? readPhrase(text, g, spec, asked);
}

/** Two different values named together, only `between` words (or a slash) between them ("pública ou privada"). */
function readTwoNamed(text: SlotText, g: Gazetteer, spec: IndifferentSpec): IndifferentRead | undefined {
  const between = new Set((spec.between ?? []).map(foldPhrase));
  const named = valuesNamed(text.folded, g);
  for (let i = 1; i < named.length; i++) {
    const [first, second] = [named[i - 1], named[i]];
    if (first.value === second.value) continue; // two ways of saying one value
    const gap = text.folded.slice(first.end, second.start).trim();
    const words = gap.replace(/^\/\s*/, '').split(/\s+/).filter(Boolean);
    if (!gap || !words.every((w) => between.has(w))) continue;
    text.mask(first.start, second.end);
    return { kind: 'any', start: first.start, end: second.end };
  }
  return undefined;
}

/**
 * A clause with a phrase of indifference: any value when it names one of the gazetteer's, or is only the phrase
 * and filler words and the slot was asked; such a bare clause unasked is `unnamed`.
 */
function readPhrase(text: SlotText, g: Gazetteer, spec: IndifferentSpec, asked: boolean): IndifferentRead | undefined {
  const phrase = new RegExp(`${B}${phrasesSource(spec.phrases)}${E}`);
  const filler = new Set([...(spec.filler ?? []), ...spec.phrases.flatMap((p) => p.split(/\s+/))].map(foldPhrase));
  let unnamed: IndifferentRead | undefined;
  for (const clause of text.clauses()) {
    if (!phrase.test(clause.text)) continue;
    const bare = clause.text.split(/\s+/).every((w) => filler.has(w));
    if (valuesNamed(clause.text, g).length > 0 || (bare && asked)) {
      text.mask(clause.start, clause.end);
      return { kind: 'any', start: clause.start, end: clause.end };
    }
    if (bare) unnamed ??= { kind: 'unnamed', start: clause.start, end: clause.end };
  }
  return unnamed;
}
