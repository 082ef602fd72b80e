// Dates and times relative to a clock, per language. Our own grammar covers the everyday
// chat forms that chrono-node misses ("amanhã às 19h", "às 7 da noite", "pasado mañana",
// "thứ sáu 7 giờ tối", "dia 12"); chrono's locales fill in the rest (explicit dates, months).
// Only the locales the bots speak: the whole package (every locale) takes ~3x longer to load at start-up.
import * as chronoEn from 'chrono-node/en';
import * as chronoEs from 'chrono-node/es';
import * as chronoPt from 'chrono-node/pt';
import type { ParsedResult } from 'chrono-node';
import type { Entity, Language } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';
import { readsDayFirst } from './date-order.ts';
import { hhmm, isoDate, wallClock, type WallClock } from './clock.ts';
import { periodsOf, relativeDates } from './datetime-relative.ts';
import { resolveOverlaps, type Found } from './datetime-found.ts';
import { grammar, type GrammarReading } from './datetime-grammar.ts';
import { daysOfMonth, daysWithMonth, numericDates, relativeDays, weekdays } from './datetime-days.ts';
import { minutesAgainstTheHour, times } from './datetime-times.ts';

/** The own grammar's readers, in the order their finds are listed (each one pass over the message). */
const OWN_READERS: ((reading: GrammarReading) => Found[])[] = [relativeDays, weekdays, daysOfMonth, daysWithMonth, numericDates, times, minutesAgainstTheHour];

function ownParse(folded: string, lang: Language, dayFirst: boolean, clock: WallClock): Found[] {
  const reading: GrammarReading = { folded, lang, dayFirst, g: grammar(lang), today: clock };
  return OWN_READERS.flatMap((read) => read(reading));
}

type ChronoLike = { parse(text: string, ref: Date, opt?: { forwardDate?: boolean }): ParsedResult[] };

const CHRONO: Partial<Record<Language, ChronoLike>> = { en: chronoEn, es: chronoEs, pt: chronoPt };

/** The language's chrono; English read day first is chrono's British English. */
function chronoFor(lang: Language, dayFirst: boolean): ChronoLike | undefined {
  return lang === 'en' && dayFirst ? chronoEn.GB : CHRONO[lang];
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

function chronoParse(text: string, lang: Language, dayFirst: boolean, clock: WallClock): Found[] {
  const parser = chronoFor(lang, dayFirst);
  if (!parser) return [];
  // A reference whose machine-local reading equals the wall clock in the bot's zone.
  const ref = new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const out: Found[] = [];
  for (const { r, offset } of chronoResults(parser, text, ref)) {
    const f = chronoFound(r, offset);
    if (f.date || f.time) out.push(f);
  }
  return out;
}

/** chrono's results over the text's windows, each with its window's offset. */
function chronoResults(parser: ChronoLike, text: string, ref: Date): { r: ParsedResult; offset: number }[] {
  const results: { r: ParsedResult; offset: number }[] = [];
  for (const [start, end] of textWindows(text, CHRONO_WINDOW)) {
    try {
      for (const r of parser.parse(end - start === text.length ? text : text.slice(start, end), ref, { forwardDate: true })) results.push({ r, offset: start });
    } catch {
      // A window chrono cannot read has no dates for it.
    }
  }
  return results;
}

/** The date (when a day, weekday or month is certain) and time (when the hour is) of one chrono result. */
function chronoFound(r: ParsedResult, offset: number): Found {
  const s = r.start;
  const f: Found = { start: offset + r.index, end: offset + r.index + r.text.length };
  if (s.isCertain('day') || s.isCertain('weekday') || s.isCertain('month')) {
    f.date = { year: s.get('year')!, month: s.get('month')!, day: s.get('day')! };
    // "next month": a month without its day is a span.
    if (!s.isCertain('day') && !s.isCertain('weekday')) f.vague = true;
  }
  if (s.isCertain('hour')) f.time = { hour: s.get('hour')!, minute: s.get('minute') ?? 0 };
  return f;
}

export interface DateTimeOptions {
  lang: Language;
  now: Date;
  timeZone?: string;
  /** The bot's language tag (bot.yaml `language`, "en-GB"): whether "3/10" reads day first (src/nlu/entities/date-order.ts); default `lang`. */
  locale?: string;
}

/**
 * Date ('YYYY-MM-DD'), time ('HH:MM') and, when a message has both, datetime ('YYYY-MM-DDTHH:MM') entities;
 * a period of the day said without an hour ("amanhã de manhã") is a `period` entity (morning, afternoon, …).
 */
export function extractDateTimes(text: string, opts: DateTimeOptions): Entity[] {
  const clock = wallClock(opts.now, opts.timeZone);
  const folded = foldPreservingOffsets(text);
  const dayFirst = readsDayFirst(opts.locale ?? opts.lang);
  const own = resolveOverlaps([...ownParse(folded, opts.lang, dayFirst, clock), ...relativeDates(folded, opts.lang, opts.now, opts.timeZone)]);
  const fromChrono = chronoParse(text, opts.lang, dayFirst, clock).filter(
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
