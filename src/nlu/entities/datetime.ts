// Dates and times relative to a clock, per language. Our own grammar covers the everyday
// chat forms that chrono-node misses ("amanhã às 19h", "às 7 da noite", "pasado mañana",
// "thứ sáu 7 giờ tối", "dia 12"); chrono's locales fill in the rest (explicit dates, months).
// Only the locales the bots speak: the whole package (every locale) takes ~3x longer to load at start-up.
import * as chronoEn from 'chrono-node/en';
import * as chronoEs from 'chrono-node/es';
import * as chronoPt from 'chrono-node/pt';
import type { ParsedResult } from 'chrono-node';
import type { Entity, Language } from '../types.ts';
import { foldPreservingOffsets } from '../normalize.ts';
import { NUMBER_WORDS } from './numbers.ts';
import {
  addDays,
  hhmm,
  isoDate,
  nextDayMonth,
  nextDayOfMonth,
  nextWeekday,
  weekdayOf,
  wallClock,
  type LocalDate,
  type WallClock,
} from './clock.ts';
import { alt, applyPeriod, LEXICONS, type Period } from './datetime-lexicon.ts';
import { periodsOf, relativeDates } from './datetime-relative.ts';
import { resolveOverlaps, type Found } from './datetime-found.ts';

interface CompiledGrammar {
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

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

const grammarCache = new Map<Language, CompiledGrammar>();

function grammar(lang: Language): CompiledGrammar {
  const cached = grammarCache.get(lang);
  if (cached) return cached;
  const L = LEXICONS[lang];
  const periodAlt = alt(L.periods.map((p) => p[0]));
  const monthAlt = alt(L.months.map((m) => m[0]));
  const nextBefore = L.nextBefore ? `(?:(${L.nextBefore})\\s+)?` : '()';
  const nextAfter = L.nextAfter ? `(?:\\s+(${L.nextAfter}))?` : '()';
  const hourWord = L.hourWord;
  // The hours said in words ("a las nueve", "às duas", "at seven"): the language's number words from one to twelve
  // (not in Vietnamese, whose folded number words are everyday words too: "vào năm 2020").
  const hourWords = new Map(lang === 'vi' ? [] : Object.entries(NUMBER_WORDS[lang]).filter(([, n]) => n >= 1 && n <= 12));
  const hour = hourWords.size ? `(\\d{1,2}|${alt([...hourWords.keys()])})` : '(\\d{1,2})';
  const ampm = 'a\\.?m\\.?|p\\.?m\\.?';
  // A time: optional cue, hour[:minute] or hour + hour-word, optional am/pm, optional half/quarter (then am/pm:
  // "9 y media pm"), optional period.
  const timeCore =
    lang === 'en'
      ? `${hour}(?:[:.](\\d{2}))?\\s*(${ampm})?(?:\\s*(?:${hourWord}))?(?:-?ish)?`
      : `${hour}(?:[:h](\\d{2})|\\s*(?:${hourWord}))?(?:\\s*(${ampm}))?`;
  const never = '(?!)';
  const hq = `(?:\\s+(?:(${L.half || never})|(${L.quarter || never})))?(?:\\s*(${ampm}))?`;
  // Vietnamese says the period before the day before the hour too: "chiều mai 3h", "tối thứ 7 lúc 8h".
  const dayBetween = lang === 'vi' ? `(?:(?:${alt([...L.relative.map((r) => r[0]), ...L.weekdays.map((w) => w[0])])})\\s+)?` : '';
  const g: CompiledGrammar = {
    relative: new RegExp(`${B}(${alt(L.relative.map((r) => r[0]))})${E}`, 'gu'),
    weekday: new RegExp(`${B}${nextBefore}(${alt(L.weekdays.map((w) => w[0]))})${nextAfter}${E}`, 'gu'),
    dayOfMonth:
      lang === 'en'
        ? new RegExp(`${B}(?:(?:${L.dayOfMonth})\\s+)?(\\d{1,2})(?:st|nd|rd|th)${E}|${B}(?:on\\s+)?the\\s+(\\d{1,2})${E}`, 'gu')
        : new RegExp(`${B}(?:${L.dayOfMonth})\\s+(\\d{1,2})${E}(?!\\s*(?:[:h]\\d|${hourWord}${E}|/))`, 'gu'),
    dayMonthName:
      lang === 'vi'
        ? new RegExp(`${B}(?:ngay\\s+)?(\\d{1,2})\\s+thang\\s+(\\d{1,2})(?:\\s+nam\\s+(\\d{4}))?${E}`, 'gu')
        : lang === 'en'
          ? new RegExp(`${B}(?:(${monthAlt})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${monthAlt}))(?:,?\\s+(\\d{4}))?${E}`, 'gu')
          : new RegExp(`${B}(?:dia\\s+)?(\\d{1,2})\\s+de\\s+(${monthAlt})(?:\\s+de\\s+(\\d{4}))?${E}`, 'gu'),
    numericDate: new RegExp(`${B}(\\d{1,2})[/-](\\d{1,2})(?:[/-](\\d{2,4}))?${E}`, 'gu'),
    time: new RegExp(
      `(?<![\\p{L}\\p{N}$.,])(?:(${periodAlt})\\s+(?:nay\\s+)?${dayBetween})?(?:(${L.timeCue})\\s+)?(?:(${L.noon || never})|(${L.midnight || never})|${timeCore}${hq})(?:\\s+(${periodAlt}))?${E}`,
      'gu',
    ),
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

const squash = (s: string) => s.replace(/[\s-]+/g, ' ').trim();

function ownParse(folded: string, lang: Language, clock: WallClock): Found[] {
  const g = grammar(lang);
  const today: LocalDate = clock;
  const found: Found[] = [];
  const push = (m: RegExpExecArray, f: Omit<Found, 'start' | 'end'>) =>
    found.push({ start: m.index, end: m.index + m[0].length, ...f });

  for (const m of folded.matchAll(g.relative)) {
    const key = squash(m[1]);
    const off = g.relMap.get(key) ?? g.relMap.get(m[1]);
    if (off === undefined) continue;
    // Spanish "mañana" after "la"/"esta" is "morning", not "tomorrow".
    if (lang === 'es' && key === 'manana' && /(?:la|esta|de|por)\s+$/.test(folded.slice(Math.max(0, m.index - 6), m.index))) continue;
    // Vietnamese bare "mốt" (day after tomorrow) is also "một" (one) once folded: only with a cue.
    if (lang === 'vi' && key === 'mot' && !/(?:ngay|hom)\s+$/.test(folded.slice(Math.max(0, m.index - 6), m.index))) continue;
    push(m, { date: addDays(today, off) });
  }
  for (const m of folded.matchAll(g.weekday)) {
    const wd = g.wdMap.get(squash(m[2]));
    if (wd === undefined) continue;
    const strictlyNext = Boolean(m[1] && /prox|next|coming/.test(m[1])) || Boolean(m[3]);
    // "next friday" / "sexta que vem" on a Friday means a week later; otherwise the coming one.
    let date = nextWeekday(today, wd);
    let weekLater: LocalDate | undefined;
    if ((m[3] && /tuan|semana|week/.test(m[3])) || (m[1] && /semana/.test(m[1]))) {
      // "thứ sáu tuần sau", "sexta da semana que vem", "thursday next week", "semana que vem na terça",
      // "la semana que viene el martes": that weekday in next (Monday-based) week.
      const monday = addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
      date = addDays(monday, (wd + 6) % 7);
    } else if (date.day === today.day && date.month === today.month) {
      // A bare weekday naming today may mean next week's (today's classes are over): a reader that can tell takes it.
      if (strictlyNext) date = addDays(date, 7);
      else weekLater = addDays(date, 7);
    }
    push(m, { date, weekLater });
  }
  for (const m of folded.matchAll(g.dayOfMonth)) {
    const day = Number(m[1] ?? m[2]);
    const date = nextDayOfMonth(today, day);
    if (date) push(m, { date });
  }
  if (g.dayMonthName) {
    for (const m of folded.matchAll(g.dayMonthName)) {
      let day: number;
      let month: number | undefined;
      let year: number | undefined;
      if (lang === 'vi') {
        day = Number(m[1]);
        month = Number(m[2]);
        year = m[3] ? Number(m[3]) : undefined;
      } else if (lang === 'en') {
        day = Number(m[2] ?? m[3]);
        month = g.monthMap.get(m[1] ?? m[4]);
        year = m[5] ? Number(m[5]) : undefined;
      } else {
        day = Number(m[1]);
        month = g.monthMap.get(m[2]);
        year = m[3] ? Number(m[3]) : undefined;
      }
      const date = month ? nextDayMonth(today, day, month, year) : undefined;
      if (date) push(m, { date });
    }
  }
  for (const m of folded.matchAll(g.numericDate)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const [day, month] = lang === 'en' ? [b, a] : [a, b];
    const date = nextDayMonth(today, day, month, m[3] ? Number(m[3]) : undefined);
    if (date) push(m, { date });
  }
  for (const m of folded.matchAll(g.time)) {
    const [, prePeriod, cue, noon, midnight, h, min, ampmBefore, half, quarter, ampmAfter, postPeriod] = m;
    const ampm = ampmBefore ?? ampmAfter;
    let hour: number;
    let minute = 0;
    let twelveHour = false;
    if (noon) hour = 12;
    else if (midnight) hour = 0;
    else {
      const inWords = g.hourWords.get(h);
      hour = inWords ?? Number(h);
      minute = min ? Number(min) : 0;
      if (inWords !== undefined) {
        // An hour in words needs a cue or a period; after a cue that is also an article ("as duas pizzas", "las
        // dos mesas") only with a period, half or hour word, or with no word after it.
        if (!cue && !prePeriod && !postPeriod) continue;
        const said = Boolean(half || quarter || ampm || prePeriod || postPeriod) || m[0].slice(m[0].indexOf(h) + h.length).trim() !== '';
        if (cue && g.weakCue?.test(squash(cue)) && !said && /^\s*\p{L}/u.test(folded.slice(m.index + m[0].length))) continue;
      }
      // "12.50" is an amount unless am/pm follows; "19:00" and "19h30" are times.
      if (min && !ampm && !/\d[:h]\d/.test(m[0])) continue;
      const hasUnit = Boolean(min) || Boolean(ampm) || inWords !== undefined || /(?:\d)\s*(?:[a-z'])/.test(m[0].slice(m[0].indexOf(h)));
      // A bare number is a time only with a cue ("às 7"), a unit ("7h", "7 giờ"), am/pm or a period.
      if (!cue && !hasUnit && !prePeriod && !postPeriod) continue;
      // Vietnamese approximators ("tầm 1 triệu") cue amounts as often as times.
      if (lang === 'vi' && cue && !/^luc|^vao luc/.test(cue) && !hasUnit && !prePeriod && !postPeriod) continue;
      // Vietnamese "g" for giờ ("3g chiều") only with a cue, minutes or a period: "4g" is also the mobile network.
      if (lang === 'vi' && /\d\s*g$/.test(m[0].trimEnd()) && !cue && !prePeriod && !postPeriod) continue;
      if (half) minute = 30;
      if (quarter) minute = 15;
      if (ampm) {
        const pm = ampm.startsWith('p');
        if (hour === 12) hour = pm ? 12 : 0;
        else if (pm) hour += 12;
      }
      const period = g.periodMap.get(squash(postPeriod ?? prePeriod ?? ''));
      if (!ampm) hour = applyPeriod(hour, period);
      // "a las 9" on its own may be 21:00: a hour of 1–11 without am/pm or a period, not written "09".
      twelveHour = !ampm && !period && hour >= 1 && hour <= 11 && !/^0/.test(h);
    }
    if (hour > 23 || minute > 59) continue;
    push(m, { time: twelveHour ? { hour, minute, twelveHour } : { hour, minute } });
  }
  found.push(...minutesAgainstTheHour(folded, lang, g));
  return found;
}

const EN_PERIODS = alt(LEXICONS.en.periods.map((p) => p[0]));
// English "half past 2", "quarter to 5", "10 past 3", "20 minutes to 6"; a bare number of minutes only before "past"
// or "after" or with "minutes" ("from 10 to 5" is a range). Vietnamese "3 giờ kém 15" (2:45).
const MINUTES_AGAINST: Partial<Record<Language, RegExp>> = {
  en: new RegExp(`${B}(?:(?:at|around|by)\\s+)?(?:(a\\s+)?(half|quarter)|(\\d{1,2})(\\s+minutes?)?)\\s+(past|after|to|till|til|before)\\s+(\\d{1,2}|${alt(Object.keys(NUMBER_WORDS.en).filter((w) => NUMBER_WORDS.en[w] >= 1 && NUMBER_WORDS.en[w] <= 12))})(?:\\s*(a\\.?m\\.?|p\\.?m\\.?))?(?:\\s+(${EN_PERIODS}))?${E}`, 'gu'),
  vi: new RegExp(`${B}(?:(?:luc|vao luc|khoang)\\s+)?(\\d{1,2})\\s*(?:gio|h|g)\\s*kem\\s*(\\d{1,2}|muoi lam)(?:\\s*phut)?(?:\\s+(${alt(LEXICONS.vi.periods.map((p) => p[0]))}))?${E}`, 'gu'),
};

function minutesAgainstTheHour(folded: string, lang: Language, g: CompiledGrammar): Found[] {
  const re = MINUTES_AGAINST[lang];
  if (!re) return [];
  const out: Found[] = [];
  for (const m of folded.matchAll(re)) {
    let hour: number;
    let minutes: number;
    let before: boolean;
    let ampm: string | undefined;
    let period: Period | undefined;
    if (lang === 'en') {
      const [, , word, digits, minuteWord, relation, h, ap, per] = m;
      if (digits && !minuteWord && !/past|after/.test(relation)) continue;
      minutes = word === 'half' ? 30 : word === 'quarter' ? 15 : Number(digits);
      if (word === 'half' && !/past|after/.test(relation)) continue;
      before = !/past|after/.test(relation);
      hour = g.hourWords.get(h) ?? Number(h);
      ampm = ap;
      period = per ? g.periodMap.get(squash(per)) : undefined;
    } else {
      const [, h, min, per] = m;
      hour = Number(h);
      minutes = min === 'muoi lam' ? 15 : Number(min);
      before = true;
      period = per ? g.periodMap.get(squash(per)) : undefined;
    }
    if (hour < 1 || hour > 12 || minutes < 1 || minutes > 59) continue;
    if (ampm) hour = (hour % 12) + (ampm.startsWith('p') ? 12 : 0);
    else hour = applyPeriod(hour, period);
    let minute = minutes;
    if (before) {
      hour = (hour + 23) % 24;
      minute = 60 - minutes;
    }
    const twelveHour = !ampm && !period && hour >= 1 && hour <= 11;
    out.push({ start: m.index, end: m.index + m[0].length, time: twelveHour ? { hour, minute, twelveHour } : { hour, minute } });
  }
  return out;
}

type ChronoLike = { parse(text: string, ref: Date, opt?: { forwardDate?: boolean }): ParsedResult[] };

const CHRONO: Partial<Record<Language, ChronoLike>> = { en: chronoEn, es: chronoEs, pt: chronoPt };

function chronoFor(lang: Language): ChronoLike | undefined {
  return CHRONO[lang];
}

// chrono's refiners compare every result with every other: its work grows with the square of the dates in what it
// reads. A long message is read in windows of about this many characters, cut at a space.
const CHRONO_WINDOW = 300;

/** [start, end) windows of `text` of at most ~`size` characters, each ending at a space when there is one. */
export function textWindows(text: string, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    // Back to the last space of the window's second half, if there is one.
    let space = end;
    if (end < text.length) while (space > start + size / 2 && text[space] !== ' ') space--;
    if (text[space] === ' ') end = space;
    out.push([start, end]);
    start = end;
  }
  return out;
}

function chronoParse(text: string, lang: Language, clock: WallClock): Found[] {
  const parser = chronoFor(lang);
  if (!parser) return [];
  // A reference whose machine-local reading equals the wall clock in the bot's zone.
  const ref = new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const results: { r: ParsedResult; offset: number }[] = [];
  for (const [start, end] of textWindows(text, CHRONO_WINDOW)) {
    try {
      for (const r of parser.parse(end - start === text.length ? text : text.slice(start, end), ref, { forwardDate: true })) results.push({ r, offset: start });
    } catch {
      // A window chrono cannot read has no dates for it.
    }
  }
  const out: Found[] = [];
  for (const { r, offset } of results) {
    const s = r.start;
    const f: Found = { start: offset + r.index, end: offset + r.index + r.text.length };
    if (s.isCertain('day') || s.isCertain('weekday') || s.isCertain('month')) {
      f.date = { year: s.get('year')!, month: s.get('month')!, day: s.get('day')! };
      // "next month": a month without its day is a span.
      if (!s.isCertain('day') && !s.isCertain('weekday')) f.vague = true;
    }
    if (s.isCertain('hour')) f.time = { hour: s.get('hour')!, minute: s.get('minute') ?? 0 };
    if (f.date || f.time) out.push(f);
  }
  return out;
}

export interface DateTimeOptions {
  lang: Language;
  now: Date;
  timeZone?: string;
}

/**
 * Date ('YYYY-MM-DD'), time ('HH:MM') and, when a message has both, datetime ('YYYY-MM-DDTHH:MM') entities;
 * a period of the day said without an hour ("amanhã de manhã") is a `period` entity (morning, afternoon, …).
 */
export function extractDateTimes(text: string, opts: DateTimeOptions): Entity[] {
  const clock = wallClock(opts.now, opts.timeZone);
  const folded = foldPreservingOffsets(text);
  const own = resolveOverlaps([...ownParse(folded, opts.lang, clock), ...relativeDates(folded, opts.lang, opts.now, opts.timeZone)]);
  const fromChrono = chronoParse(text, opts.lang, clock).filter(
    (c) => !own.some((o) => c.start < o.end && o.start < c.end),
  );
  const all = resolveOverlaps([...own, ...fromChrono]);
  const entities: Entity[] = [];
  let firstDate: string | undefined;
  let firstTime: string | undefined;
  let firstDateVague = false;
  for (const f of all) {
    const surface = text.slice(f.start, f.end);
    if (f.date) {
      const v = isoDate(f.date);
      if (firstDate === undefined) {
        firstDate = v;
        firstDateVague = Boolean(f.vague);
      }
      entities.push({ type: 'date', value: v, text: surface, ...(f.weekLater ? { alt: isoDate(f.weekLater) } : {}), ...(f.vague ? { vague: true } : {}), start: f.start, end: f.end });
    }
    if (f.time) {
      const v = hhmm(f.time.hour, f.time.minute);
      firstTime ??= v;
      const later = f.time.twelveHour ? { alt: hhmm(f.time.hour + 12, f.time.minute) } : {};
      entities.push({ type: 'time', value: v, text: surface, ...later, start: f.start, end: f.end });
    }
  }
  if (firstDate && firstTime) {
    const d = entities.find((e) => e.type === 'date')!;
    const t = entities.find((e) => e.type === 'time')!;
    const start = Math.min(d.start!, t.start!);
    const end = Math.max(d.end!, t.end!);
    entities.push({ type: 'datetime', value: `${firstDate}T${firstTime}`, text: text.slice(start, end), ...(firstDateVague ? { vague: true } : {}), start, end });
  }
  for (const p of periodsOf(folded, opts.lang)) {
    if (all.some((f) => f.time && p.start < f.end && f.start < p.end)) continue;
    entities.push({ type: 'period', value: p.period, text: text.slice(p.start, p.end), start: p.start, end: p.end });
  }
  return entities;
}
