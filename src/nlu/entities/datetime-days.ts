// The own grammar's days: relative days ("amanhã", "pasado mañana"), weekdays ("sexta que vem", "thứ sáu tuần sau"),
// days of the month ("dia 12"), days with their month ("12 de maio") and numeric dates ("12/05"). Each reader makes one
// pass over the message.
import type { Language } from '../types.ts';
import { addDays, nextDayMonth, nextDayOfMonth, nextWeekday, weekdayOf, type LocalDate } from './clock.ts';
import { foundAt, type Found } from './datetime-found.ts';
import { squash, type CompiledGrammar, type GrammarReading } from './datetime-grammar.ts';

/** Relative-day words that mean something else after some words (judged by the six characters before them). */
const RELATIVE_ELSEWHERE: Partial<Record<Language, { key: string; otherwise: (before: string) => boolean }>> = {
  // Spanish "mañana" after "la"/"esta" is "morning", not "tomorrow".
  es: { key: 'manana', otherwise: (before) => /(?:la|esta|de|por)\s+$/.test(before) },
  // Vietnamese bare "mốt" (day after tomorrow) is also "một" (one) once folded: only with a cue.
  vi: { key: 'mot', otherwise: (before) => !/(?:ngay|hom)\s+$/.test(before) },
};

export function relativeDays({ folded, lang, g, today }: GrammarReading): Found[] {
  const found: Found[] = [];
  const elsewhere = RELATIVE_ELSEWHERE[lang];
  for (const m of folded.matchAll(g.relative)) {
    const key = squash(m[1]);
    const off = g.relMap.get(key) ?? g.relMap.get(m[1]);
    if (off === undefined) continue;
    if (elsewhere?.key === key && elsewhere.otherwise(folded.slice(Math.max(0, m.index - 6), m.index))) continue;
    found.push(foundAt(m, { date: addDays(today, off) }));
  }
  return found;
}

export function weekdays({ folded, g, today }: GrammarReading): Found[] {
  const found: Found[] = [];
  for (const m of folded.matchAll(g.weekday)) {
    const wd = g.wdMap.get(squash(m[2]));
    if (wd !== undefined) found.push(foundAt(m, weekdayDate(m, wd, today)));
  }
  return found;
}

/**
 * The date a weekday match names: "next friday" / "sexta que vem" on a Friday means a week later; otherwise the coming
 * one. Groups: a "next" word before, the weekday, a "next" word after.
 */
function weekdayDate(m: RegExpExecArray, wd: number, today: LocalDate): Pick<Found, 'date' | 'weekLater'> {
  if (namesNextWeek(m)) {
    // That weekday in next (Monday-based) week.
    const monday = addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
    return { date: addDays(monday, (wd + 6) % 7) };
  }
  const date = nextWeekday(today, wd);
  if (date.day !== today.day || date.month !== today.month) return { date };
  // A bare weekday naming today may mean next week's (today's classes are over): a reader that can tell takes it.
  const strictlyNext = Boolean(m[1] && /prox|next|coming/.test(m[1])) || Boolean(m[3]);
  return strictlyNext ? { date: addDays(date, 7) } : { date, weekLater: addDays(date, 7) };
}

/**
 * "thứ sáu tuần sau", "sexta da semana que vem", "thursday next week", "semana que vem na terça", "la semana que viene
 * el martes": the week is named, not only the day.
 */
function namesNextWeek(m: RegExpExecArray): boolean {
  return Boolean(m[3] && /tuan|semana|week/.test(m[3])) || Boolean(m[1] && /semana/.test(m[1]));
}

export function daysOfMonth({ folded, g, today }: GrammarReading): Found[] {
  const found: Found[] = [];
  for (const m of folded.matchAll(g.dayOfMonth)) {
    const date = nextDayOfMonth(today, Number(m[1] ?? m[2]));
    if (date) found.push(foundAt(m, { date }));
  }
  return found;
}

export function daysWithMonth({ folded, lang, g, today }: GrammarReading): Found[] {
  if (!g.dayMonthName) return [];
  const found: Found[] = [];
  for (const m of folded.matchAll(g.dayMonthName)) {
    const [day, month, year] = dayMonthYear(m, lang, g);
    const date = month ? nextDayMonth(today, day, month, year ? Number(year) : undefined) : undefined;
    if (date) found.push(foundAt(m, { date }));
  }
  return found;
}

/** Day, month and year of a day-and-month match, from the groups of the language's pattern (see datetime-grammar). */
function dayMonthYear(m: RegExpExecArray, lang: Language, g: CompiledGrammar): [number, number | undefined, string | undefined] {
  if (lang === 'vi') return [Number(m[1]), Number(m[2]), m[3]];
  if (lang === 'en') return [Number(m[2] ?? m[3]), g.monthMap.get(m[1] ?? m[4]), m[5]];
  return [Number(m[1]), g.monthMap.get(m[2]), m[3]];
}

/** "12/05", "12-05-2025": day first, but month first in English. */
export function numericDates({ folded, dayFirst, g, today }: GrammarReading): Found[] {
  const found: Found[] = [];
  for (const m of folded.matchAll(g.numericDate)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const [day, month] = dayFirst ? [a, b] : [b, a];
    const date = nextDayMonth(today, day, month, m[3] ? Number(m[3]) : undefined);
    if (date) found.push(foundAt(m, { date }));
  }
  return found;
}
