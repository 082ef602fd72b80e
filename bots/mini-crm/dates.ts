// Task deadlines ("amanhã às 10h", "sexta", "dia 15", "daqui a 2 horas", "amanhã de manhã"): the runtime's
// date, time and period entities on the bot's clock, turned into an instant. A day without a time takes
// DEFAULT_HOUR, a period of the day its usual hour, and a time alone is today, or tomorrow once it has passed.
import { addDays, extractEntities, wallClock, wallTimeToUtc, type Entity, type LocalDate } from 'switchboard';

export { wallTimeToUtc };

export interface ParsedDateTime {
  date: Date; // the instant (UTC)
  hasTime: boolean; // false when only a day was said (the default hour was used)
  spans: [number, number][]; // where the expression sits in the input, to cut it from titles
}

/** "16/05/2025 10:00" in the time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const p = wallClock(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

/** Default hour when only a day is given. */
export const DEFAULT_HOUR = 9;
const PERIOD_HOURS: Record<string, number> = { dawn: 6, morning: 9, noon: 12, afternoon: 14, evening: 19, night: 19 };

// Words that glue a deadline to the sentence ("para amanhã", "até o dia 15", "às 10h"): cut with it from a title.
const LEAD_IN = /(?<![\p{L}\p{N}])(?:(?:para|pra|pro|até|ate|no|na|em|de|a|o|as|às)\s+)+$/iu;

function spanOf(text: string, e: Entity): [number, number] {
  const lead = LEAD_IN.exec(text.slice(0, e.start));
  return [lead ? lead.index : e.start!, e.end!];
}

/**
 * Find a date and/or time in Portuguese text. Relative words count from `now` in `timeZone`.
 * A time alone means today, or tomorrow when that hour has already passed.
 */
export function parsePtDateTime(text: string, now: Date, timeZone: string): ParsedDateTime | null {
  const found = extractEntities(text, { lang: 'pt', now, timeZone });
  const dateHit = found.find((e) => e.type === 'date');
  const timeHit = found.find((e) => e.type === 'time');
  const periodHit = timeHit ? undefined : found.find((e) => e.type === 'period');
  if (!dateHit && !timeHit && !periodHit) return null;
  const spans = new Map<string, [number, number]>();
  for (const hit of [dateHit, timeHit, periodHit]) if (hit) spans.set(`${hit.start}:${hit.end}`, spanOf(text, hit));
  const today = wallClock(now, timeZone);
  let day: LocalDate = dateHit ? isoToLocal(String(dateHit.value)) : today;
  const [hour, minute] = timeHit ? String(timeHit.value).split(':').map(Number) : [periodHit ? PERIOD_HOURS[String(periodHit.value)] : DEFAULT_HOUR, 0];
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
