// A small Portuguese date/time reader for task deadlines ("amanhã às 10h", "sexta às 10h",
// "dia 15", "15/06 14:30", "daqui a 2 horas"), computed against a clock in a time zone.
// chrono-node's pt locale drops "19h"-style times, so this is written out by hand.
import { addDays, compareDates, daysInMonth, type LocalDate, wallClock, weekdayOf } from 'switchboard';
import { fold } from './text.ts';

export interface ParsedDateTime {
  date: Date; // the instant (UTC)
  hasTime: boolean; // false when only a day was said (the default hour was used)
  spans: [number, number][]; // where the expression sits in the input, to cut it from titles
}

function offsetMs(date: Date, timeZone: string): number {
  const p = wallClock(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (date.getTime() - date.getUTCMilliseconds());
}

/** The instant at which the wall clock in `timeZone` shows the given fields. */
export function wallTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = offsetMs(new Date(guess), timeZone);
  let t = guess - first;
  const second = offsetMs(new Date(t), timeZone);
  if (second !== first) t = guess - second; // crossed a DST change
  return new Date(t);
}

/** "16/05/2025 10:00" in the time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const p = wallClock(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

const MONTHS: Record<string, number> = {
  janeiro: 1, jan: 1, fevereiro: 2, fev: 2, marco: 3, mar: 3, abril: 4, abr: 4, maio: 5, mai: 5, junho: 6, jun: 6,
  julho: 7, jul: 7, agosto: 8, ago: 8, setembro: 9, set: 9, outubro: 10, out: 10, novembro: 11, nov: 11, dezembro: 12, dez: 12,
};
const MONTH_RE = 'janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez';
const WEEKDAYS: Record<string, number> = { domingo: 0, segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6 };
const NUMBER_WORDS: Record<string, number> = {
  um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
  onze: 11, doze: 12, quinze: 15, vinte: 20, trinta: 30,
};
const NUM = `\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')}`;
const toNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s] ?? NaN));

// Words that glue a date to the rest of a sentence ("para amanhã", "até o dia 15").
const LEAD_IN = '(?:(?:para|pra|pro|ate|no|na|em|de|a|o)\\s+)*';

type DateHit = { day: LocalDate; span: [number, number]; time?: { hour: number; minute: number }; exact?: Date };

function findDate(f: string, today: LocalDate, now: Date): DateHit | null {
  let m: RegExpExecArray | null;
  const span = (mm: RegExpExecArray): [number, number] => [mm.index, mm.index + mm[0].length];

  if ((m = /\b(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2}))?/.exec(f))) {
    const time = m[4] ? { hour: Number(m[4]), minute: Number(m[5]) } : undefined;
    return { day: { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, span: span(m), time };
  }
  if ((m = new RegExp(`\\b(?:em|daqui a|daqui|dentro de)\\s+(${NUM})\\s+(horas?|minutos?)\\b`).exec(f))) {
    const n = toNumber(m[1]);
    if (Number.isFinite(n)) {
      const ms = m[2].startsWith('hora') ? n * 3_600_000 : n * 60_000;
      return { day: today, span: span(m), exact: new Date(now.getTime() + ms) };
    }
  }
  if ((m = new RegExp(`\\b${LEAD_IN}depois de amanha\\b`).exec(f))) return { day: addDays(today, 2), span: span(m) };
  if ((m = new RegExp(`\\b${LEAD_IN}amanha\\b`).exec(f))) return { day: addDays(today, 1), span: span(m) };
  if ((m = new RegExp(`\\b${LEAD_IN}hoje\\b`).exec(f))) return { day: today, span: span(m) };
  if ((m = new RegExp(`\\b${LEAD_IN}(\\d{1,2})/(\\d{1,2})(?:/(\\d{2,4}))?\\b`).exec(f))) {
    const day = Number(m[1]);
    const month = Number(m[2]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) {
      let year = m[3] ? Number(m[3]) : today.year;
      if (year < 100) year += 2000;
      let d: LocalDate = { year, month, day };
      if (!m[3] && compareDates(d, today) < 0) d = { ...d, year: year + 1 };
      return { day: d, span: span(m) };
    }
  }
  if ((m = new RegExp(`\\b${LEAD_IN}(?:dia\\s+)?(\\d{1,2})\\s+de\\s+(${MONTH_RE})\\b(?:\\s+de\\s+(\\d{4}))?`).exec(f))) {
    const day = Number(m[1]);
    const month = MONTHS[m[2]];
    let d: LocalDate = { year: m[3] ? Number(m[3]) : today.year, month, day };
    if (!m[3] && compareDates(d, today) < 0) d = { ...d, year: d.year + 1 };
    if (day >= 1 && day <= daysInMonth(d.year, month)) return { day: d, span: span(m) };
  }
  if ((m = new RegExp(`\\b${LEAD_IN}dia\\s+(\\d{1,2})\\b(?!\\s*[/:h]\\d)`).exec(f))) {
    const day = Number(m[1]);
    if (day >= 1 && day <= 31) {
      let year = today.year;
      let month = today.month;
      if (day < today.day) {
        month += 1;
        if (month > 12) (month = 1), (year += 1);
      }
      while (day > daysInMonth(year, month)) {
        month += 1;
        if (month > 12) (month = 1), (year += 1);
      }
      return { day: { year, month, day }, span: span(m) };
    }
  }
  if ((m = new RegExp(`\\b${LEAD_IN}(?:(?:proxim[ao]|esta|essa|nesta|nessa)\\s+)?(segunda|terca|quarta|quinta|sexta|sabado|domingo)(?:[\\s-]*feira)?(?:\\s+que\\s+vem)?\\b`).exec(f))) {
    const target = WEEKDAYS[m[1]];
    const todayWd = weekdayOf(today);
    const diff = (target - todayWd + 7) % 7 || 7;
    return { day: addDays(today, diff), span: span(m) };
  }
  if ((m = new RegExp(`\\b(?:em|daqui a|daqui|dentro de)\\s+(${NUM})\\s+(dias?|semanas?|mes|meses)\\b`).exec(f))) {
    const n = toNumber(m[1]);
    if (Number.isFinite(n)) {
      if (m[2].startsWith('dia')) return { day: addDays(today, n), span: span(m) };
      if (m[2].startsWith('semana')) return { day: addDays(today, 7 * n), span: span(m) };
      const t = new Date(Date.UTC(today.year, today.month - 1 + n, 1));
      const y = t.getUTCFullYear();
      const mo = t.getUTCMonth() + 1;
      return { day: { year: y, month: mo, day: Math.min(today.day, daysInMonth(y, mo)) }, span: span(m) };
    }
  }
  if ((m = new RegExp(`\\b${LEAD_IN}(?:semana que vem|proxima semana)\\b`).exec(f))) {
    const todayWd = weekdayOf(today);
    return { day: addDays(today, (1 - todayWd + 7) % 7 || 7), span: span(m) };
  }
  return null;
}

type TimeHit = { hour: number; minute: number; span: [number, number] };

const PERIOD_RE = '(?:\\s*(?:da|de|a)\\s+(manha|tarde|noite|madrugada))?';

function withPeriod(hour: number, period: string | undefined): number {
  if ((period === 'tarde' || period === 'noite') && hour < 12) return hour + 12;
  if (period === 'madrugada' && hour === 12) return 0;
  return hour;
}

function findTime(f: string): TimeHit | null {
  let m: RegExpExecArray | null;
  const lead = '(?:\\b(?:as|a|pelas|pela|por volta das|ate as|ate|das|para as|pras|la pelas)\\s+)?';
  if ((m = new RegExp(`${lead}\\b(\\d{1,2})(?:\\s*h\\s*(\\d{2})?(?:min)?|:(\\d{2})|\\s+horas?)\\b${PERIOD_RE}`).exec(f))) {
    const hour = withPeriod(Number(m[1]), m[4]);
    const minute = Number(m[2] ?? m[3] ?? 0);
    if (hour <= 23 && minute <= 59) return { hour, minute, span: [m.index, m.index + m[0].length] };
  }
  if ((m = new RegExp(`\\b(\\d{1,2})\\s+(?:da|de)\\s+(manha|tarde|noite|madrugada)\\b`).exec(f))) {
    const hour = withPeriod(Number(m[1]), m[2]);
    if (hour <= 23) return { hour, minute: 0, span: [m.index, m.index + m[0].length] };
  }
  if ((m = new RegExp(`\\b(?:as|pelas|ate as)\\s+(\\d{1,2})\\b(?!\\s*[/.,\\d]|\\s+de\\s+(?:${MONTH_RE})\\b)`).exec(f))) {
    const hour = Number(m[1]);
    if (hour <= 23) return { hour, minute: 0, span: [m.index, m.index + m[0].length] };
  }
  if ((m = /\b(?:(?:ao|a|as|no|de)\s+)?meio[\s-]dia\b/.exec(f))) return { hour: 12, minute: 0, span: [m.index, m.index + m[0].length] };
  if ((m = /\b(?:(?:a|na|de)\s+)?meia[\s-]noite\b/.exec(f))) return { hour: 0, minute: 0, span: [m.index, m.index + m[0].length] };
  return null;
}

function findPeriod(f: string): TimeHit | null {
  const m = /\b(?:de|a|pela|na|no fim da|no final da)\s+(manha|tarde|noite)\b/.exec(f);
  if (!m) return null;
  const hour = m[1] === 'manha' ? 9 : m[1] === 'tarde' ? 14 : 19;
  return { hour, minute: 0, span: [m.index, m.index + m[0].length] };
}

function blank(f: string, span: [number, number]): string {
  return f.slice(0, span[0]) + ' '.repeat(span[1] - span[0]) + f.slice(span[1]);
}

/** Default hour when only a day is given. */
export const DEFAULT_HOUR = 9;

/**
 * Find a date and/or time in Portuguese text. Relative words count from `now` in `timeZone`.
 * A time alone means today, or tomorrow when that hour has already passed.
 */
export function parsePtDateTime(text: string, now: Date, timeZone: string): ParsedDateTime | null {
  let f = fold(text);
  const p = wallClock(now, timeZone);
  const today: LocalDate = { year: p.year, month: p.month, day: p.day };
  const dateHit = findDate(f, today, now);
  if (dateHit?.exact) return { date: dateHit.exact, hasTime: true, spans: [dateHit.span] };
  if (dateHit) f = blank(f, dateHit.span);
  let timeHit: TimeHit | null = dateHit?.time ? null : findTime(f);
  if (timeHit) f = blank(f, timeHit.span);
  const periodHit = !timeHit && !dateHit?.time ? findPeriod(f) : null;
  if (!dateHit && !timeHit && !periodHit) return null;

  const spans: [number, number][] = [];
  for (const h of [dateHit, timeHit, periodHit]) if (h) spans.push(h.span);
  const time = dateHit?.time ?? timeHit ?? periodHit;
  const hasTime = Boolean(dateHit?.time ?? timeHit ?? periodHit);
  let day = dateHit?.day ?? today;
  const hour = time?.hour ?? DEFAULT_HOUR;
  const minute = time?.minute ?? 0;
  let date = wallTimeToUtc(day.year, day.month, day.day, hour, minute, timeZone);
  if (!dateHit && date.getTime() <= now.getTime()) {
    day = addDays(day, 1);
    date = wallTimeToUtc(day.year, day.month, day.day, hour, minute, timeZone);
  }
  return { date, hasTime, spans: spans.sort((a, b) => a[0] - b[0]) };
}

/** Remove the given spans from text (keeps the rest as typed). */
export function cutSpans(text: string, spans: [number, number][]): string {
  let out = '';
  let pos = 0;
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (s < pos) continue;
    out += text.slice(pos, s) + ' ';
    pos = e;
  }
  return out + text.slice(pos);
}

/**
 * A deadline from a planner or a slot: a Date, an ISO string (with offset = that instant; without
 * offset = wall time in `timeZone`), or Portuguese text ("amanhã às 10h").
 */
export function parseDeadline(value: unknown, now: Date, timeZone: string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value.trim()) return null;
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (iso) {
    if (iso[7]) {
      const d = new Date(s.replace(' ', 'T'));
      return Number.isNaN(d.getTime()) ? null : d;
    }
    const hour = iso[4] ? Number(iso[4]) : DEFAULT_HOUR;
    return wallTimeToUtc(Number(iso[1]), Number(iso[2]), Number(iso[3]), hour, Number(iso[5] ?? 0), timeZone);
  }
  return parsePtDateTime(s, now, timeZone)?.date ?? null;
}
