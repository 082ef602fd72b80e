// Deadlines ("amanhã às 10h", "sexta", "dia 15", "daqui a 2 horas", "mañana a la tarde", "by Friday 5pm"): the
// date, time and period entities on the bot's clock, turned into one instant. A day without a time takes the
// default hour, a period of the day its usual hour, and a time alone is today, or tomorrow once it has passed.
import type { Entity, Language } from '../types.ts';
import { addDays, wallClock, wallTimeToUtc, type LocalDate } from './clock.ts';
import { extractEntities } from './index.ts';

export interface DeadlineOptions {
  lang: Language;
  /** The bot's language tag (bot.yaml `language`, "en-GB"): whether "3/10" reads day first (src/nlu/entities/date-order.ts); default `lang`. */
  locale?: string;
  now: Date;
  timeZone: string;
  /** Hour of a deadline said without a time (default 9). */
  defaultHour?: number;
}

export interface Deadline {
  date: Date; // the instant (UTC)
  hasTime: boolean; // false when only a day was said (the default hour was used)
  spans: [number, number][]; // where the expression sits in the input (with its lead-in word), to cut it from a title
}

const PERIOD_HOURS: Record<string, number> = { dawn: 6, morning: 9, noon: 12, afternoon: 14, evening: 19, night: 19 };

// Words that glue a deadline to the sentence ("para amanhã", "até o dia 15", "by Friday"): cut with it.
const LEAD_INS: Record<Language, string> = {
  pt: 'para|pra|pro|até|ate|no|na|em|de|a|o|as|às',
  es: 'para|hasta|el|la|en|de|a|las|los',
  en: 'by|on|at|until|till|for|the|in',
  vi: 'vào|vao|lúc|luc|đến|den|trước|truoc',
};
const leadInCache = new Map<Language, RegExp>();

function spanOf(text: string, e: Entity, lang: Language): [number, number] {
  let re = leadInCache.get(lang);
  if (!re) leadInCache.set(lang, (re = new RegExp(`(?<![\\p{L}\\p{N}])(?:(?:${LEAD_INS[lang]})\\s+)+$`, 'iu')));
  const lead = re.exec(text.slice(0, e.start));
  return [lead ? lead.index : e.start!, e.end!];
}

/** The first deadline in `text`, or null when it names no date, time or period of the day. */
export function readDeadline(text: string, { lang, locale, now, timeZone, defaultHour = 9 }: DeadlineOptions): Deadline | null {
  const found = extractEntities(text, { lang, locale, now, timeZone });
  const dateHit = found.find((e) => e.type === 'date');
  const timeHit = found.find((e) => e.type === 'time');
  const periodHit = timeHit ? undefined : found.find((e) => e.type === 'period');
  if (!dateHit && !timeHit && !periodHit) return null;
  const spans = new Map<string, [number, number]>();
  for (const hit of [dateHit, timeHit, periodHit]) if (hit) spans.set(`${hit.start}:${hit.end}`, spanOf(text, hit, lang));
  let day: LocalDate = dateHit ? isoToLocal(String(dateHit.value)) : wallClock(now, timeZone);
  const [hour, minute] = timeHit ? String(timeHit.value).split(':').map(Number) : [periodHit ? PERIOD_HOURS[String(periodHit.value)] : defaultHour, 0];
  let date = wallTimeToUtc(day.year, day.month, day.day, hour, minute, timeZone);
  if (!dateHit && date.getTime() <= now.getTime()) {
    day = addDays(day, 1);
    date = wallTimeToUtc(day.year, day.month, day.day, hour, minute, timeZone);
  }
  return { date, hasTime: Boolean(timeHit ?? periodHit), spans: [...spans.values()].sort((a, b) => a[0] - b[0]) };
}

function isoToLocal(iso: string): LocalDate {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day };
}

/**
 * A deadline from a model's or a form's value: a Date, an ISO string (with an offset: that instant; without:
 * wall time in the time zone, a bare day at the default hour), or text in the bot's language.
 */
export function deadlineFrom(value: unknown, options: DeadlineOptions): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value.trim()) return null;
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (iso) {
    if (iso[7]) {
      const d = new Date(s.replace(' ', 'T'));
      return Number.isNaN(d.getTime()) ? null : d;
    }
    const hour = iso[4] ? Number(iso[4]) : (options.defaultHour ?? 9);
    return wallTimeToUtc(Number(iso[1]), Number(iso[2]), Number(iso[3]), hour, Number(iso[5] ?? 0), options.timeZone);
  }
  return readDeadline(s, options)?.date ?? null;
}

/** "16/05/2025 10:00": an instant as day/month/year and 24-hour time in the time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const p = wallClock(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

/** The text without the given spans (each replaced by a space; the rest kept as typed). */
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
