// Numbers read from their cue words and units (bot.yaml `entities:` with `number:` or `money:`): an age said
// near "anos" or after "idade", a score after its cue, an amount of money with its currency, magnitude, cue or
// a unit worth an amount ("2 salários mínimos"). Each value read is masked out of the text.
import type { Language } from '../types.ts';
import { CURRENCY_AFTER, CURRENCY_BEFORE, MAGNITUDES, numberWordsSource, parseNumberWords, parseNumeral } from '../entities/numbers.ts';
import { phrasesSource, WORD_END as E, WORD_START as B, type SlotText } from './slot-text.ts';

export interface NumberSpec {
  /** Cue words right before the number ("idade", "tirei"); `*` ends a word prefix ("ganh*"). */
  before?: string[];
  /** Up to this many characters (no digits, no punctuation) may come between a `before` cue and the number. */
  within?: number;
  /** Words that, between a cue and its number, say the number is something else ("nota de corte"). */
  notWithin?: string[];
  /** Unit words right after the number ("anos", "pontos"). */
  after?: string[];
  /** A word right before the number that makes it something else ("há 2 anos" is a duration). */
  notBefore?: string[];
  /** Words right after the match that make it something else ("2 anos atrás", "tenho 3 pessoas"). */
  notAfter?: string[];
  min?: number;
  max?: number;
  integer?: boolean;
  /** Numbers said in words count ("dezessete"); default true. */
  words?: boolean;
  /** A number right before a word counts it ("2 licenças", "3 horas de …"): the number alone is read. */
  counts?: boolean;
}

export interface MoneySpec extends NumberSpec {
  /** Units worth an amount each: "salário mínimo: 1412" reads "2 salários mínimos" as 2824. */
  units?: Record<string, number>;
  /** What an amount may be counted per, each with its phrases (`pessoa: [por pessoa, per capita]`). */
  per?: Record<string, string[]>;
}

export interface NumberRead {
  value: number;
  start: number;
  end: number;
}

export interface MoneyRead extends NumberRead {
  /** When said in a unit: how many of it ("um salário e meio" → 1.5) and the unit's phrase. */
  units?: number;
  unit?: string;
  /** The key of `per` whose phrase the message says ("por pessoa" → `pessoa`), masked too. */
  per?: string;
}

/** Numerals as typed: "2.000", "2.000,50", "650,5", "650.5", "1500" (pt/es/vi separators; en the other way). */
function digitsSource(lang: Language): string {
  return lang === 'en' ? String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:[.,]\d{1,2})?` : String.raw`\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
}

function numberSource(lang: Language, words: boolean): string {
  return words ? `(?:${digitsSource(lang)}|${numberWordsSource(lang)}${E})` : `(?:${digitsSource(lang)})`;
}

function parse(raw: string, lang: Language): number | undefined {
  const s = raw.trim();
  return /^\d/.test(s) ? parseNumeral(s, lang) : parseNumberWords(s, lang);
}

function fits(n: number | undefined, spec: NumberSpec): n is number {
  return n !== undefined && (!spec.integer || Number.isInteger(n)) && n >= (spec.min ?? -Infinity) && n <= (spec.max ?? Infinity);
}

const notAfterSource = (spec: NumberSpec) => (spec.notAfter?.length ? `(?!\\s*${phrasesSource(spec.notAfter)}${E})` : '');

/** The cued patterns of a spec, each with the group holding the number: unit after first, then cue before. */
function cuedPatterns(spec: NumberSpec, lang: Language, num: string): { re: RegExp; group: number; vetoGroup?: number }[] {
  const out: { re: RegExp; group: number; vetoGroup?: number }[] = [];
  const notAfter = notAfterSource(spec);
  if (spec.after?.length) {
    const veto = spec.notBefore?.length ? `(?:(${phrasesSource(spec.notBefore)})\\s+)?` : '()';
    out.push({ re: new RegExp(`${B}${veto}(${num})\\s*${phrasesSource(spec.after)}${E}${notAfter}`, 'dg'), group: 2, vetoGroup: 1 });
  }
  if (spec.counts) out.push({ re: new RegExp(`${B}(${num})(?=\\s+[a-z])${notAfter}`, 'dg'), group: 1 });
  if (spec.before?.length) {
    const stop = spec.notWithin?.length ? `(?!${phrasesSource(spec.notWithin)})` : '';
    const gap = spec.within ? `(?:${stop}[^0-9,;.!?]){0,${spec.within}}?` : '\\s*:?\\s*';
    out.push({ re: new RegExp(`${B}${phrasesSource(spec.before)}${E}${gap}(${num})${E}${notAfter}`, 'dg'), group: 1 });
  }
  return out;
}

/**
 * The first number the spec's cues point at, or, when the slot was asked for (`asked`), the first number in range.
 * The match is masked out of `text`.
 */
export function readNumber(text: SlotText, spec: NumberSpec, lang: Language, asked = false): NumberRead | undefined {
  const num = numberSource(lang, spec.words ?? true);
  for (const { re, group, vetoGroup } of cuedPatterns(spec, lang, num)) {
    for (const m of text.matches(re)) {
      if (vetoGroup !== undefined && m[vetoGroup]) continue;
      const value = parse(m[group], lang);
      if (fits(value, spec)) return take(text, { value, start: m.index, end: m.index + m[0].length });
    }
  }
  if (asked) return readBare(text, num, lang, spec);
  return undefined;
}

function readBare(text: SlotText, num: string, lang: Language, spec: NumberSpec): NumberRead | undefined {
  for (const m of text.matches(new RegExp(`${B}(${num})${E}`, 'dg'))) {
    const value = parse(m[1], lang);
    if (fits(value, spec)) return take(text, { value, start: m.index, end: m.index + m[0].length });
  }
  return undefined;
}

function take<T extends NumberRead>(text: SlotText, read: T): T {
  text.mask(read.start, read.end);
  return read;
}

const HALF: Record<Language, { alone: string; added: string }> = {
  pt: { alone: 'meio|meia', added: 'e\\s+mei[oa]' },
  es: { alone: 'medio|media', added: 'y\\s+medi[oa]' },
  en: { alone: 'half(?:\\s+a)?', added: 'and\\s+a\\s+half' },
  vi: { alone: 'nua', added: 'ruoi' },
};

/**
 * An amount of money: with a currency ("R$ 2.000", "1500 reais"), a magnitude ("3 mil"), after a cue within
 * `within` characters ("renda de 1500"), in the spec's units ("dois salários mínimos", "meio salário"), or, when
 * asked, a bare number. Below `min` or above `max` it is not this amount ("renda de 4 pessoas").
 */
export function readMoney(text: SlotText, spec: MoneySpec, lang: Language, asked = false): MoneyRead | undefined {
  const found = readAmount(text, spec, lang, asked);
  return found && { ...found, ...readPer(text, spec) };
}

/** The first `per` phrase anywhere in the message ("800 reais cada um", "por pessoa dá uns 800"). */
function readPer(text: SlotText, spec: MoneySpec): { per: string } | undefined {
  for (const [per, phrases] of Object.entries(spec.per ?? {})) {
    const m = text.find(new RegExp(`${B}${phrasesSource(phrases)}${E}`, 'g'));
    if (!m) continue;
    text.mask(m.index, m.index + m[0].length);
    return { per };
  }
  return undefined;
}

/** The word joining a thousand to what follows it. */
const AND: Partial<Record<Language, string>> = { pt: 'e', es: 'y' };

function readAmount(text: SlotText, spec: MoneySpec, lang: Language, asked: boolean): MoneyRead | undefined {
  const num = numberSource(lang, spec.words ?? true);
  const magnitudes = new Map(MAGNITUDES[lang]);
  for (const re of amountPatterns(spec, lang, num)) {
    for (const m of text.matches(re)) {
      const value = amountOf(m, lang, magnitudes);
      if (fits(value, spec)) return take(text, { value, start: m.index, end: m.index + m[0].length });
    }
  }
  const inUnits = readUnits(text, spec, lang, num);
  if (inUnits) return inUnits;
  if (asked) return readBare(text, `(?:${digitsSource(lang)})`, lang, spec);
  return undefined;
}

/**
 * An amount's patterns, in the order they are tried: group 1 the number (none: one), 2 its magnitude, 3 what follows
 * a thousand. A thousand and what follows it ("dois mil e quinhentos", "mil e duzentos", "3 mil e 500") comes first
 * where the language joins numbers so: the longest reading.
 */
function amountPatterns(spec: MoneySpec, lang: Language, num: string): RegExp[] {
  const digits = digitsSource(lang);
  const mag = `(\\s*(?:${MAGNITUDES[lang].map(([w]) => w).join('|')})${E})`;
  const notAfter = notAfterSource(spec);
  const and = AND[lang];
  const thousand = MAGNITUDES[lang].find(([, v]) => v === 1000)?.[0];
  const thousandAnd = and && thousand ? [new RegExp(`${B}(?:(${num}|\\d{1,3})\\s+)?(${thousand})\\s+${and}\\s+(${numberWordsSource(lang)}|\\d{1,3})${E}${notAfter}`, 'dg')] : [];
  const patterns: RegExp[] = [
    ...thousandAnd,
    new RegExp(`(?:${CURRENCY_BEFORE})\\s*(${digits})${mag}?`, 'dg'),
    new RegExp(`${B}(${num})${mag}?\\s*(?:${CURRENCY_AFTER[lang]})${E}`, 'dg'),
    new RegExp(`${B}(${num})${mag}${notAfter}`, 'dg'),
    new RegExp(`${B}()${mag}\\s*(?:${CURRENCY_AFTER[lang]})${E}`, 'dg'),
  ];
  if (spec.before?.length) {
    patterns.splice(patterns.length - 1, 0, new RegExp(`${B}${phrasesSource(spec.before)}${E}[^0-9]{0,${spec.within ?? 0}}?(${digits})(?![0-9])${mag}?${notAfter}`, 'dg'));
  }
  return patterns;
}

/** The amount a pattern's match says; undefined when a part is no number, or what follows the thousand is a thousand or more. */
function amountOf(m: RegExpExecArray, lang: Language, magnitudes: Map<string, number>): number | undefined {
  const base = m[1] ? parse(m[1], lang) : 1;
  if (base === undefined) return undefined;
  const extra = m[3] ? parse(m[3], lang) : 0;
  if (extra === undefined || extra >= 1000) return undefined;
  return (m[2] ? base * (magnitudes.get(m[2].trim()) ?? 1) : base) + extra;
}

function readUnits(text: SlotText, spec: MoneySpec, lang: Language, num: string): MoneyRead | undefined {
  const units = Object.entries(spec.units ?? {});
  if (!units.length) return undefined;
  const half = HALF[lang];
  const unit = phrasesSource(units.map(([phrase]) => phrase));
  const re = new RegExp(`${B}(?:(${half.alone})|(${num})(\\s+${half.added})?)\\s+(${unit})(\\s+${half.added})?${E}`, 'dg');
  for (const m of text.matches(re)) {
    const base = m[1] ? 0.5 : parse(m[2], lang);
    if (base === undefined) continue;
    const count = base + (m[3] || m[5] ? 0.5 : 0);
    const phrase = m[4].replace(/\s+/g, ' ');
    const worth = units.find(([p]) => phrasesMatch(p, phrase))?.[1];
    if (worth === undefined || count <= 0) continue;
    const value = Math.round(count * worth * 100) / 100;
    return take(text, { value, units: count, unit: phrase, start: m.index, end: m.index + m[0].length });
  }
  return undefined;
}

const phrasesMatch = (phrase: string, folded: string) => new RegExp(`^${phrasesSource([phrase])}$`).test(folded);
