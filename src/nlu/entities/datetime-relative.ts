// Relative amounts of time ("daqui a 2 horas", "em 3 dias", "dentro de una semana", "in 30 minutes"), "next
// week" (its Monday), and a period of the day said without an hour ("amanhã de manhã", "por la tarde").
// Amounts in minutes or hours are an instant: they give a date and a time on the bot's clock.
import type { Language } from '../types.ts';
import { addDays, daysInMonth, weekdayOf, wallClock, type LocalDate } from './clock.ts';
import { alt, LEXICONS, type Period } from './datetime-lexicon.ts';
import { NUMBER_WORDS } from './numbers.ts';

export interface RelativeFound {
  start: number;
  end: number;
  date?: LocalDate;
  time?: { hour: number; minute: number };
  /** A span of days ("next week"): `date` is its first day. */
  vague?: boolean;
}

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month';

interface RelativeLexicon {
  /** Words before the amount: "daqui a", "en", "in". */
  lead: string;
  units: [string, Unit][];
  /** Words for one besides the language's number words ("un", "a"): "en un mes", "in an hour". */
  articles: string[];
  /** Half an hour as one phrase ("meia hora"). */
  halfHour: string;
  nextWeek: string;
}

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

const RELATIVE: Partial<Record<Language, RelativeLexicon>> = {
  pt: {
    lead: 'daqui a|daqui|em|dentro de',
    units: [['minutos', 'minute'], ['minuto', 'minute'], ['min', 'minute'], ['horas', 'hour'], ['hora', 'hour'], ['dias', 'day'], ['dia', 'day'], ['semanas', 'week'], ['semana', 'week'], ['meses', 'month'], ['mes', 'month']],
    articles: [],
    halfHour: 'meia hora',
    nextWeek: 'semana que vem|semana q vem|proxima semana|semana seguinte',
  },
  es: {
    lead: 'dentro de|en',
    units: [['minutos', 'minute'], ['minuto', 'minute'], ['min', 'minute'], ['horas', 'hour'], ['hora', 'hour'], ['dias', 'day'], ['dia', 'day'], ['semanas', 'week'], ['semana', 'week'], ['meses', 'month'], ['mes', 'month']],
    articles: ['un'],
    halfHour: 'media hora',
    nextWeek: 'la semana que viene|la proxima semana|semana que viene|proxima semana',
  },
  en: {
    lead: 'in|within',
    units: [['minutes', 'minute'], ['minute', 'minute'], ['mins', 'minute'], ['min', 'minute'], ['hours', 'hour'], ['hour', 'hour'], ['hrs', 'hour'], ['days', 'day'], ['day', 'day'], ['weeks', 'week'], ['week', 'week'], ['months', 'month'], ['month', 'month']],
    articles: ['a', 'an'],
    halfHour: 'half an hour',
    nextWeek: 'next week',
  },
};

const cache = new Map<Language, { amount: RegExp; nextWeek: RegExp; period: RegExp | null; units: Map<string, Unit>; numbers: Map<string, number> }>();

function patterns(lang: Language) {
  const hit = cache.get(lang);
  if (hit) return hit;
  const L = RELATIVE[lang];
  if (!L) return undefined;
  // The language's number words (shared with the number extractor), zero left out: "em zero dias" is no date.
  const numbers = new Map<string, number>([...Object.entries(NUMBER_WORDS[lang]).filter(([, n]) => n > 0), ...L.articles.map((a): [string, number] => [a, 1])]);
  const num = `\\d{1,3}|${alt([...numbers.keys()])}`;
  const compiled = {
    amount: new RegExp(`${B}(?:${alt(L.lead.split('|'))})\\s+(?:(${alt([L.halfHour])})|(${num})\\s+(${alt(L.units.map((u) => u[0]))}))${E}`, 'gu'),
    nextWeek: new RegExp(`${B}(?:${alt(L.nextWeek.split('|'))})${E}`, 'gu'),
    // Only the periods written as phrases ("de manhã", "por la tarde"): bare words are too often other words.
    period: new RegExp(`${B}(${alt(LEXICONS[lang].periods.map((p) => p[0]).filter((p) => p.includes(' ')))})${E}`, 'gu'),
    units: new Map(L.units),
    numbers,
  };
  cache.set(lang, compiled);
  return compiled;
}

/** "daqui a 2 horas" (the instant on the bot's clock), "em 3 dias", "semana que vem" (next Monday) in folded text. */
export function relativeDates(folded: string, lang: Language, now: Date, timeZone?: string): RelativeFound[] {
  const p = patterns(lang);
  if (!p) return [];
  const clock = wallClock(now, timeZone);
  const today: LocalDate = { year: clock.year, month: clock.month, day: clock.day };
  const out: RelativeFound[] = [];
  for (const m of folded.matchAll(p.amount)) {
    const n = m[1] ? 30 : /^\d/.test(m[2]) ? Number(m[2]) : (p.numbers.get(m[2]) ?? NaN);
    const unit: Unit = m[1] ? 'minute' : p.units.get(m[3])!;
    if (!Number.isFinite(n) || n <= 0) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    if (unit === 'minute' || unit === 'hour') {
      const at = wallClock(new Date(now.getTime() + n * (unit === 'hour' ? 3_600_000 : 60_000)), timeZone);
      out.push({ ...span, date: { year: at.year, month: at.month, day: at.day }, time: { hour: at.hour, minute: at.minute } });
    } else if (unit === 'month') {
      const t = new Date(Date.UTC(today.year, today.month - 1 + n, 1));
      const year = t.getUTCFullYear();
      const month = t.getUTCMonth() + 1;
      out.push({ ...span, date: { year, month, day: Math.min(today.day, daysInMonth(year, month)) } });
    } else out.push({ ...span, date: addDays(today, unit === 'week' ? 7 * n : n) });
  }
  for (const m of folded.matchAll(p.nextWeek)) {
    out.push({ start: m.index, end: m.index + m[0].length, date: addDays(today, 7 - ((weekdayOf(today) + 6) % 7)), vague: true });
  }
  return out;
}

/** Periods of the day said as phrases ("de manhã", "à noite", "in the evening"), with their spans. */
export function periodsOf(folded: string, lang: Language): { period: Period; start: number; end: number }[] {
  const p = patterns(lang);
  if (!p?.period) return [];
  const map = new Map(LEXICONS[lang].periods);
  return [...folded.matchAll(p.period)].flatMap((m) => {
    const period = map.get(m[1].replace(/\s+/g, ' '));
    return period ? [{ period, start: m.index, end: m.index + m[0].length }] : [];
  });
}
