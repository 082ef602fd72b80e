// Relative amounts of time ("daqui a 2 horas", "em 3 dias", "dentro de una semana", "in 30 minutes"), "next
// week" (its Monday), and a period of the day said without an hour ("amanhã de manhã", "por la tarde").
// Amounts in minutes or hours are an instant: they give a date and a time on the bot's clock.
import type { Language } from '../types.ts';
import { addDays, daysInMonth, weekdayOf, wallClock, type LocalDate } from './clock.ts';
import { alt, LEXICONS, type Period } from './datetime-lexicon.ts';

export interface RelativeFound {
  start: number;
  end: number;
  date?: LocalDate;
  time?: { hour: number; minute: number };
}

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month';

interface RelativeLexicon {
  /** Words before the amount: "daqui a", "en", "in". */
  lead: string;
  units: [string, Unit][];
  numbers: [string, number][];
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
    numbers: [['um', 1], ['uma', 1], ['dois', 2], ['duas', 2], ['tres', 3], ['quatro', 4], ['cinco', 5], ['seis', 6], ['sete', 7], ['oito', 8], ['nove', 9], ['dez', 10], ['onze', 11], ['doze', 12], ['quinze', 15], ['vinte', 20], ['trinta', 30]],
    halfHour: 'meia hora',
    nextWeek: 'semana que vem|proxima semana|semana seguinte',
  },
  es: {
    lead: 'dentro de|en',
    units: [['minutos', 'minute'], ['minuto', 'minute'], ['min', 'minute'], ['horas', 'hour'], ['hora', 'hour'], ['dias', 'day'], ['dia', 'day'], ['semanas', 'week'], ['semana', 'week'], ['meses', 'month'], ['mes', 'month']],
    numbers: [['un', 1], ['una', 1], ['uno', 1], ['dos', 2], ['tres', 3], ['cuatro', 4], ['cinco', 5], ['seis', 6], ['siete', 7], ['ocho', 8], ['nueve', 9], ['diez', 10], ['once', 11], ['doce', 12], ['quince', 15], ['veinte', 20], ['treinta', 30]],
    halfHour: 'media hora',
    nextWeek: 'la semana que viene|la proxima semana|semana que viene|proxima semana',
  },
  en: {
    lead: 'in|within',
    units: [['minutes', 'minute'], ['minute', 'minute'], ['mins', 'minute'], ['min', 'minute'], ['hours', 'hour'], ['hour', 'hour'], ['hrs', 'hour'], ['days', 'day'], ['day', 'day'], ['weeks', 'week'], ['week', 'week'], ['months', 'month'], ['month', 'month']],
    numbers: [['a', 1], ['an', 1], ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8], ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['fifteen', 15], ['twenty', 20], ['thirty', 30]],
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
  const num = `\\d{1,3}|${alt(L.numbers.map((n) => n[0]))}`;
  const compiled = {
    amount: new RegExp(`${B}(?:${alt(L.lead.split('|'))})\\s+(?:(${alt([L.halfHour])})|(${num})\\s+(${alt(L.units.map((u) => u[0]))}))${E}`, 'gu'),
    nextWeek: new RegExp(`${B}(?:${alt(L.nextWeek.split('|'))})${E}`, 'gu'),
    // Only the periods written as phrases ("de manhã", "por la tarde"): bare words are too often other words.
    period: new RegExp(`${B}(${alt(LEXICONS[lang].periods.map((p) => p[0]).filter((p) => p.includes(' ')))})${E}`, 'gu'),
    units: new Map(L.units),
    numbers: new Map(L.numbers),
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
    out.push({ start: m.index, end: m.index + m[0].length, date: addDays(today, 7 - ((weekdayOf(today) + 6) % 7)) });
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
