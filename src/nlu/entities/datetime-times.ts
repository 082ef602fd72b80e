// The own grammar's times: "às 19h", "a las 9 y media pm", "7 giờ tối", "at seven", "noon", and minutes against the
// hour ("quarter to 5", "3 giờ kém 15"). A bare number is a time only with a cue, a unit, am/pm or a period.
import type { Language } from '../types.ts';
import { alt, applyPeriod, LEXICONS, type Period } from './datetime-lexicon.ts';
import { foundAt, type Found } from './datetime-found.ts';
import { B, E, squash, type CompiledGrammar, type GrammarReading } from './datetime-grammar.ts';
import { NUMBER_WORDS } from './numbers.ts';

type Time = NonNullable<Found['time']>;

/** A match of the time pattern, by its groups (see datetime-grammar's timePattern). */
interface TimeMatch {
  said: string;
  index: number;
  prePeriod?: string;
  cue?: string;
  noon?: string;
  midnight?: string;
  hour: string;
  minute?: string;
  ampm?: string;
  half?: string;
  quarter?: string;
  postPeriod?: string;
}

function timeMatch(m: RegExpExecArray): TimeMatch {
  const [said, prePeriod, cue, noon, midnight, hour, minute, ampmBefore, half, quarter, ampmAfter, postPeriod] = m;
  return { said, index: m.index, prePeriod, cue, noon, midnight, hour, minute, ampm: ampmBefore ?? ampmAfter, half, quarter, postPeriod };
}

export function times({ folded, lang, g }: GrammarReading): Found[] {
  const found: Found[] = [];
  for (const m of folded.matchAll(g.time)) {
    const t = timeMatch(m);
    const time = t.noon ? { hour: 12, minute: 0 } : t.midnight ? { hour: 0, minute: 0 } : clockTime(t, folded, lang, g);
    if (time && time.hour <= 23 && time.minute <= 59) found.push(foundAt(m, { time }));
  }
  return found;
}

/** The time an hour (and minutes) match says, or undefined when it is no time (an amount, a count, an article). */
function clockTime(t: TimeMatch, folded: string, lang: Language, g: CompiledGrammar): Time | undefined {
  const inWords = g.hourWords.get(t.hour);
  if (inWords !== undefined && !hourInWordsStands(t, folded, g)) return undefined;
  // "12.50" is an amount unless am/pm follows; "19:00" and "19h30" are times.
  if (t.minute && !t.ampm && !/\d[:h]\d/.test(t.said)) return undefined;
  const hasUnit = Boolean(t.minute) || Boolean(t.ampm) || inWords !== undefined || /(?:\d)\s*(?:[a-z'])/.test(t.said.slice(t.said.indexOf(t.hour)));
  if (!numberIsTime(t, hasUnit, lang)) return undefined;
  return hourAndMinute(t, inWords ?? Number(t.hour), g);
}

/**
 * An hour in words needs a cue or a period; after a cue that is also an article ("as duas pizzas", "las dos mesas")
 * only with a period, half or hour word, or with no word after it.
 */
function hourInWordsStands(t: TimeMatch, folded: string, g: CompiledGrammar): boolean {
  if (!t.cue && !t.prePeriod && !t.postPeriod) return false;
  if (!t.cue || !g.weakCue?.test(squash(t.cue))) return true;
  const said = Boolean(t.half || t.quarter || t.ampm || t.prePeriod || t.postPeriod) || t.said.slice(t.said.indexOf(t.hour) + t.hour.length).trim() !== '';
  return said || !/^\s*\p{L}/u.test(folded.slice(t.index + t.said.length));
}

/** A bare number is a time only with a cue ("às 7"), a unit ("7h", "7 giờ"), am/pm or a period. */
function numberIsTime(t: TimeMatch, hasUnit: boolean, lang: Language): boolean {
  const period = Boolean(t.prePeriod || t.postPeriod);
  if (!t.cue && !hasUnit && !period) return false;
  if (lang !== 'vi') return true;
  // Vietnamese approximators ("tầm 1 triệu") cue amounts as often as times.
  if (t.cue && !/^luc|^vao luc/.test(t.cue) && !hasUnit && !period) return false;
  // Vietnamese "g" for giờ ("3g chiều") only with a cue, minutes or a period: "4g" is also the mobile network.
  return Boolean(t.cue) || period || !/\d\s*g$/.test(t.said.trimEnd());
}

/** The hour on the 24-hour clock by am/pm or the period, and the minutes (a half, a quarter). */
function hourAndMinute(t: TimeMatch, hour: number, g: CompiledGrammar): Time {
  let minute = t.minute ? Number(t.minute) : 0;
  if (t.half) minute = 30;
  if (t.quarter) minute = 15;
  const period = g.periodMap.get(squash(t.postPeriod ?? t.prePeriod ?? ''));
  const h = t.ampm ? withAmPm(hour, t.ampm) : applyPeriod(hour, period);
  // "a las 9" on its own may be 21:00: a hour of 1–11 without am/pm or a period, not written "09".
  const twelveHour = !t.ampm && !period && h >= 1 && h <= 11 && !/^0/.test(t.hour);
  return twelveHour ? { hour: h, minute, twelveHour } : { hour: h, minute };
}

function withAmPm(hour: number, ampm: string): number {
  const pm = ampm.startsWith('p');
  if (hour === 12) return pm ? 12 : 0;
  return pm ? hour + 12 : hour;
}

/** Minutes past (or before) an hour of the 12-hour clock. */
interface AgainstTheHour {
  hour: number;
  minutes: number;
  before: boolean;
  ampm?: string;
  period?: Period;
}

const EN_PERIODS = alt(LEXICONS.en.periods.map((p) => p[0]));
const EN_HOUR_WORDS = alt(Object.keys(NUMBER_WORDS.en).filter((w) => NUMBER_WORDS.en[w] >= 1 && NUMBER_WORDS.en[w] <= 12));

/**
 * English "half past 2", "quarter to 5", "10 past 3", "20 minutes to 6"; a bare number of minutes only before "past"
 * or "after" or with "minutes" ("from 10 to 5" is a range). Groups: "a", half/quarter, minutes, "minutes", relation,
 * hour, am/pm, period.
 */
function englishAgainst(m: RegExpExecArray, g: CompiledGrammar): AgainstTheHour | undefined {
  const [, , word, digits, minuteWord, relation, h, ampm, per] = m;
  const past = /past|after/.test(relation);
  if (digits && !minuteWord && !past) return undefined;
  if (word === 'half' && !past) return undefined;
  const minutes = word === 'half' ? 30 : word === 'quarter' ? 15 : Number(digits);
  return { hour: g.hourWords.get(h) ?? Number(h), minutes, before: !past, ampm, period: per ? g.periodMap.get(squash(per)) : undefined };
}

/** Vietnamese "3 giờ kém 15" (2:45). Groups: hour, minutes, period. */
function vietnameseAgainst(m: RegExpExecArray, g: CompiledGrammar): AgainstTheHour {
  const [, h, min, per] = m;
  return { hour: Number(h), minutes: min === 'muoi lam' ? 15 : Number(min), before: true, period: per ? g.periodMap.get(squash(per)) : undefined };
}

const MINUTES_AGAINST: Partial<Record<Language, { pattern: RegExp; read: (m: RegExpExecArray, g: CompiledGrammar) => AgainstTheHour | undefined }>> = {
  en: {
    pattern: new RegExp(`${B}(?:(?:at|around|by)\\s+)?(?:(a\\s+)?(half|quarter)|(\\d{1,2})(\\s+minutes?)?)\\s+(past|after|to|till|til|before)\\s+(\\d{1,2}|${EN_HOUR_WORDS})(?:\\s*(a\\.?m\\.?|p\\.?m\\.?))?(?:\\s+(${EN_PERIODS}))?${E}`, 'gu'),
    read: englishAgainst,
  },
  vi: {
    pattern: new RegExp(`${B}(?:(?:luc|vao luc|khoang)\\s+)?(\\d{1,2})\\s*(?:gio|h|g)\\s*kem\\s*(\\d{1,2}|muoi lam)(?:\\s*phut)?(?:\\s+(${alt(LEXICONS.vi.periods.map((p) => p[0]))}))?${E}`, 'gu'),
    read: vietnameseAgainst,
  },
};

export function minutesAgainstTheHour({ folded, lang, g }: GrammarReading): Found[] {
  const against = MINUTES_AGAINST[lang];
  if (!against) return [];
  const found: Found[] = [];
  for (const m of folded.matchAll(against.pattern)) {
    const said = against.read(m, g);
    const time = said && timeAgainstTheHour(said);
    if (time) found.push(foundAt(m, { time }));
  }
  return found;
}

function timeAgainstTheHour({ hour, minutes, before, ampm, period }: AgainstTheHour): Time | undefined {
  if (hour < 1 || hour > 12 || minutes < 1 || minutes > 59) return undefined;
  let h = ampm ? (hour % 12) + (ampm.startsWith('p') ? 12 : 0) : applyPeriod(hour, period);
  let minute = minutes;
  if (before) {
    h = (h + 23) % 24;
    minute = 60 - minutes;
  }
  const twelveHour = !ampm && !period && h >= 1 && h <= 11;
  return twelveHour ? { hour: h, minute, twelveHour } : { hour: h, minute };
}
