// The own date/time grammar of a language, compiled once from its lexicon: the patterns of relative days, weekdays,
// days of the month, dates and times, and the maps from their words to values.
import type { Language } from '../types.ts';
import type { LocalDate } from './clock.ts';
import { alt, LEXICONS, type Lexicon, type Period } from './datetime-lexicon.ts';
import { NUMBER_WORDS } from './numbers.ts';

export interface CompiledGrammar {
  relative: RegExp;
  weekday: RegExp;
  dayOfMonth: RegExp;
  dayMonthName: RegExp | null;
  numericDate: RegExp;
  time: RegExp;
  weakCue: RegExp | null;
  hourWords: Map<string, number>;
  periodMap: Map<string, Period>;
  relMap: Map<string, number>;
  wdMap: Map<string, number>;
  monthMap: Map<string, number>;
}

/** What a reader of the own grammar reads: the folded message, its language's grammar and the day it is. */
export interface GrammarReading {
  folded: string;
  lang: Language;
  /** Numeric dates read day first ("3/10" = 3 October), else month first. */
  dayFirst: boolean;
  g: CompiledGrammar;
  today: LocalDate;
}

export const B = '(?<![\\p{L}\\p{N}])';
export const E = '(?![\\p{L}\\p{N}])';
const NEVER = '(?!)';
const AMPM = 'a\\.?m\\.?|p\\.?m\\.?';

export const squash = (s: string) => s.replace(/[\s-]+/g, ' ').trim();

const grammarCache = new Map<Language, CompiledGrammar>();

export function grammar(lang: Language): CompiledGrammar {
  const cached = grammarCache.get(lang);
  if (cached) return cached;
  const L = LEXICONS[lang];
  const hourWords = hourWordsOf(lang);
  const g: CompiledGrammar = {
    relative: new RegExp(`${B}(${alt(L.relative.map((r) => r[0]))})${E}`, 'gu'),
    weekday: weekdayPattern(L),
    dayOfMonth: dayOfMonthPattern(lang, L),
    dayMonthName: dayMonthNamePattern(lang, alt(L.months.map((m) => m[0]))),
    numericDate: new RegExp(`${B}(\\d{1,2})[/-](\\d{1,2})(?:[/-](\\d{2,4}))?${E}`, 'gu'),
    time: timePattern(lang, L, hourWords),
    weakCue: L.weakCue ? new RegExp(`^(?:${L.weakCue})$`) : null,
    hourWords,
    periodMap: new Map(L.periods.map(([k, v]) => [k.replace(/\s+/g, ' '), v])),
    relMap: new Map(L.relative.map(([k, v]) => [k, v])),
    wdMap: new Map(L.weekdays.map(([k, v]) => [k.replace(/-/g, ' '), v])),
    monthMap: new Map(L.months),
  };
  grammarCache.set(lang, g);
  return g;
}

/**
 * The hours said in words ("a las nueve", "às duas", "at seven"): the language's number words from one to twelve
 * (not in Vietnamese, whose folded number words are everyday words too: "vào năm 2020").
 */
function hourWordsOf(lang: Language): Map<string, number> {
  return new Map(lang === 'vi' ? [] : Object.entries(NUMBER_WORDS[lang]).filter(([, n]) => n >= 1 && n <= 12));
}

/** An optional "next" word before, the weekday, an optional "next" word after. */
function weekdayPattern(L: Lexicon): RegExp {
  const nextBefore = L.nextBefore ? `(?:(${L.nextBefore})\\s+)?` : '()';
  const nextAfter = L.nextAfter ? `(?:\\s+(${L.nextAfter}))?` : '()';
  return new RegExp(`${B}${nextBefore}(${alt(L.weekdays.map((w) => w[0]))})${nextAfter}${E}`, 'gu');
}

/** English "the 12th", "on the 12"; elsewhere a cue and a day that no hour mark follows ("dia 12", not "dia 12h"). */
function dayOfMonthPattern(lang: Language, L: Lexicon): RegExp {
  if (lang === 'en') return new RegExp(`${B}(?:(?:${L.dayOfMonth})\\s+)?(\\d{1,2})(?:st|nd|rd|th)${E}|${B}(?:on\\s+)?the\\s+(\\d{1,2})${E}`, 'gu');
  return new RegExp(`${B}(?:${L.dayOfMonth})\\s+(\\d{1,2})${E}(?!\\s*(?:[:h]\\d|${L.hourWord}${E}|/))`, 'gu');
}

/** A day with its month (and maybe year): "ngày 12 tháng 5", "may 12th" / "12th of may", "12 de maio de 2025". */
function dayMonthNamePattern(lang: Language, monthAlt: string): RegExp {
  if (lang === 'vi') return new RegExp(`${B}(?:ngay\\s+)?(\\d{1,2})\\s+thang\\s+(\\d{1,2})(?:\\s+nam\\s+(\\d{4}))?${E}`, 'gu');
  if (lang === 'en') {
    return new RegExp(`${B}(?:(${monthAlt})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${monthAlt}))(?:,?\\s+(\\d{4}))?${E}`, 'gu');
  }
  return new RegExp(`${B}(?:dia\\s+)?(\\d{1,2})\\s+de\\s+(${monthAlt})(?:\\s+de\\s+(\\d{4}))?${E}`, 'gu');
}

/**
 * A time: optional period (and in Vietnamese the day), optional cue, then noon, midnight or hour[:minute] or hour +
 * hour word, optional am/pm, optional half/quarter (then am/pm: "9 y media pm"), optional period. Its groups:
 * prePeriod, cue, noon, midnight, hour, minute, am/pm, half, quarter, am/pm, postPeriod.
 */
function timePattern(lang: Language, L: Lexicon, hourWords: Map<string, number>): RegExp {
  const periodAlt = alt(L.periods.map((p) => p[0]));
  const hour = hourWords.size ? `(\\d{1,2}|${alt([...hourWords.keys()])})` : '(\\d{1,2})';
  const timeCore =
    lang === 'en'
      ? `${hour}(?:[:.](\\d{2}))?\\s*(${AMPM})?(?:\\s*(?:${L.hourWord}))?(?:-?ish)?`
      : `${hour}(?:[:h](\\d{2})|\\s*(?:${L.hourWord}))?(?:\\s*(${AMPM}))?`;
  const hq = `(?:\\s+(?:(${L.half || NEVER})|(${L.quarter || NEVER})))?(?:\\s*(${AMPM}))?`;
  // Vietnamese says the period before the day before the hour too: "chiều mai 3h", "tối thứ 7 lúc 8h".
  const dayBetween = lang === 'vi' ? `(?:(?:${alt([...L.relative.map((r) => r[0]), ...L.weekdays.map((w) => w[0])])})\\s+)?` : '';
  return new RegExp(
    `(?<![\\p{L}\\p{N}$.,])(?:(${periodAlt})\\s+(?:nay\\s+)?${dayBetween})?(?:(${L.timeCue})\\s+)?(?:(${L.noon || NEVER})|(${L.midnight || NEVER})|${timeCore}${hq})(?:\\s+(${periodAlt}))?${E}`,
    'gu',
  );
}
