// How many people live in a household, read out of a message being read for several slots (bot.yaml `entities:`
// with `household:`): a number after a count cue ("somos 4") or before a unit ("4 pessoas"), the speaker plus a
// number after a "lives with" cue ("moro com 3 pessoas"), or the speaker plus the people listed after such a cue
// ("moro com minha mãe e meus 2 irmãos": 4), or one for a phrase of living alone. Every word list is the bot's.
import type { Language } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';
import { numberWordsSource, parseNumberWords, parseNumeral } from '../entities/numbers.ts';
import { phrasesSource, WORD_END as E, WORD_START as B, type SlotText } from './slot-text.ts';

export interface HouseholdSpec {
  /** Phrases right before the household's size ("somos", "dividido entre"). */
  count?: string[];
  /** Phrases right before the people the speaker lives with, or their number ("moro com"): the speaker counts too. */
  with?: string[];
  /** Phrases that open a list of people with the speaker in it ("eu e", "somos eu e"). */
  self?: string[];
  /** Words right after a number that make it a household's size ("pessoas", "moradores"). */
  units?: string[];
  /** Phrases saying the speaker lives alone. */
  alone?: string[];
  /** Words for one person each ("mãe", "tio"). */
  relatives?: string[];
  /** Words for several people, counted only with a number before them ("meus 2 irmãos"). */
  groups?: string[];
  /** Groups that are two people when no number is said ("pais"). */
  pairs?: string[];
  /** Words that may come before a relative or a group ("minha", "os"). */
  determiners?: string[];
  /** Words joining the people of a list besides a comma ("e"). */
  and?: string[];
  /** The sizes accepted (default 1 to 20). */
  min?: number;
  max?: number;
}

export interface HouseholdRead {
  size: number;
  start: number;
  end: number;
}

interface Compiled {
  num: string;
  count?: RegExp;
  with?: RegExp;
  unit?: RegExp;
  list?: RegExp;
  alone?: RegExp;
  person: RegExp;
  sep: RegExp;
  pairs: Set<string>;
}

const compiledBySpec = new WeakMap<HouseholdSpec, Map<Language, Compiled>>();
const source = (phrases: string[] | undefined) => (phrases?.length ? phrasesSource(phrases) : undefined);

const rx = (body: string | undefined) => (body ? new RegExp(body, 'dg') : undefined);

/** The spec's patterns for a language, compiled once. */
function compile(spec: HouseholdSpec, lang: Language): Compiled {
  let byLang = compiledBySpec.get(spec);
  if (!byLang) compiledBySpec.set(spec, (byLang = new Map()));
  let c = byLang.get(lang);
  if (!c) byLang.set(lang, (c = compileSpec(spec, lang)));
  return c;
}

function compileSpec(spec: HouseholdSpec, lang: Language): Compiled {
  const num = `(\\d+|${numberWordsSource(lang)})${E}`;
  const units = source(spec.units);
  const unitsAfter = units ? `(?:\\s+${units}${E})?` : '';
  const count = source(spec.count);
  const withCue = source(spec.with);
  const listCues = source([...(spec.with ?? []), ...(spec.self ?? [])]);
  const alone = source(spec.alone);
  return {
    num,
    count: rx(count && `${B}${count}\\s+${num}${unitsAfter}`),
    with: rx(withCue && `${B}${withCue}\\s+${num}${unitsAfter}`),
    unit: rx(units && `${B}${num}\\s+${units}${E}`),
    list: rx(listCues && `${B}${listCues}\\s+`),
    alone: rx(alone && `${B}${alone}${E}`),
    person: personPattern(spec, lang),
    sep: new RegExp(`^\\s*(?:,${spec.and?.length ? `|${phrasesSource(spec.and)}${E}` : ''})\\s*`),
    pairs: new Set((spec.pairs ?? []).map((p) => foldPreservingOffsets(p.trim().toLowerCase()))),
  };
}

/** One relative, or a group with its number, after up to two determiners: group 1 a relative, 2 the number, 3 the group. */
function personPattern(spec: HouseholdSpec, lang: Language): RegExp {
  const det = source(spec.determiners);
  const one = source(spec.relatives) ?? '(?!)';
  const many = source([...(spec.groups ?? []), ...(spec.pairs ?? [])]) ?? '(?!)';
  const dets = det ? `(?:${det}\\s+){0,2}` : '';
  return new RegExp(`^${dets}(?:(${one})|(?:(\\d+|${numberWordsSource(lang)})\\s+)?(${many}))${E}`);
}

function parse(raw: string, lang: Language): number | undefined {
  return /^\d/.test(raw) ? parseNumeral(raw, lang) : parseNumberWords(raw, lang);
}

/** The household's size said in the text, masked; undefined when none (or "meus irmãos" without how many). */
export function readHousehold(text: SlotText, spec: HouseholdSpec, lang: Language): HouseholdRead | undefined {
  const c = compile(spec, lang);
  const fits = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n >= (spec.min ?? 1) && n <= (spec.max ?? 20);
  const found = (size: number, start: number, end: number): HouseholdRead => {
    text.mask(start, end);
    return { size, start, end };
  };
  for (const [re, plus] of [[c.with, 1], [c.count, 0], [c.unit, 0]] as const) {
    if (!re) continue;
    for (const m of text.matches(re)) {
      const n = parse(m[1], lang);
      if (fits(n) && fits(n + plus)) return found(n + plus, m.index, m.index + m[0].length);
    }
  }
  const listed = c.list && readList(text, c, lang);
  if (listed && fits(listed.size) && listed.size > 1) return found(listed.size, listed.start, listed.end);
  const alone = c.alone && text.find(c.alone);
  if (alone) return found(1, alone.index, alone.index + alone[0].length);
  return undefined;
}

/** "eu, meu pai e minha mãe", "moro com a minha avó e os meus 2 primos": the speaker plus the people listed. */
function readList(text: SlotText, c: Compiled, lang: Language): HouseholdRead | undefined {
  for (const m of text.matches(c.list!)) {
    let pos = m.index + m[0].length;
    let size = 1;
    let end = pos;
    for (;;) {
      const p = c.person.exec(text.folded.slice(pos));
      if (!p) break;
      if (p[1]) size += 1;
      else {
        const n = p[2] ? parse(p[2], lang) : c.pairs.has(p[3]) ? 2 : undefined;
        if (n === undefined || !Number.isInteger(n) || n < 1) return undefined; // how many is unknown
        size += n;
      }
      end = pos + p[0].length;
      const sep = c.sep.exec(text.folded.slice(end));
      if (!sep) break;
      pos = end + sep[0].length;
    }
    if (size > 1) return { size, start: m.index, end };
  }
  return undefined;
}
