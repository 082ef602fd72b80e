// A form's calendar (bot.yaml `forms.<id>.calendar`): the opening hours of each weekday, the dates it is closed
// (holidays, from a list or a file), and "from now on" (no date or time already past), checked on the form's date
// and time slots without code. The time is checked against the day the form holds, and again when the day changes.
import { hhmm, isoDate, parseIsoDate, wallClock, weekdayOf } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';
import { WEEKDAYS, type CalendarConfig } from './calendar-schema.ts';
import { showList } from './show-list.ts';
import { showTime, type SlotValue } from './slots.ts';

export type CalendarRefusal = 'closed' | 'hours' | 'past';

type Span = [string, string];

/** The spans of each weekday (Sunday first), parsed from `hours`; undefined when the calendar has no hours. */
export function weekHours(hours: CalendarConfig['hours']): Span[][] | undefined {
  if (!hours) return undefined;
  const week: Span[][] = WEEKDAYS.map(() => []);
  for (const [days, spans] of Object.entries(hours)) {
    const parsed: Span[] = spans === 'closed' ? [] : spans.split(',').map((s) => s.trim().split('-') as Span);
    for (const part of days.split(',')) {
      const [from, to = from] = part.trim().split('-') as (typeof WEEKDAYS)[number][];
      const a = WEEKDAYS.indexOf(from);
      const b = WEEKDAYS.indexOf(to);
      for (let i = a; ; i = (i + 1) % 7) {
        week[i] = parsed;
        if (i === b) break;
      }
    }
  }
  return week;
}

/** The closed dates of a file's text: the first word of each line that is a date. */
export function closedDatesOf(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const m = /^\s*((?:\d{4}-)?\d{2}-\d{2})\b/.exec(line.replace(/#.*/, ''));
    return m ? [m[1]] : [];
  });
}

export interface CalendarCheck {
  /** What the calendar refuses, or undefined when the value passes. */
  refusal?: CalendarRefusal;
  /** The hours of the day in question, as replies show them ("8h às 12h"). */
  hours?: string;
}

/**
 * Whether the calendar takes a value of the form's date or time slot, given the other slots (the date a time is
 * checked against). `now` on the bot's clock (`timeZone`).
 */
export function checkCalendar(calendar: CalendarConfig, slot: string, value: SlotValue, slots: Record<string, SlotValue>, at: { now: Date; timeZone: string; lang: Language }): CalendarCheck {
  const held = typeof value === 'string' ? heldDateTime(calendar, slot, value, slots) : undefined;
  if (!held || (held.date && !/^\d{4}-\d{2}-\d{2}$/.test(held.date))) return {};
  const week = weekHours(calendar.hours);
  const spans = held.date && week ? week[weekdayOf(parseIsoDate(held.date))] : undefined;
  const hours = spans?.length ? showHours(spans, at.lang) : undefined;
  const refusal = refusalOf(calendar, slot, held, spans, wallClock(at.now, at.timeZone));
  return refusal ? { refusal, hours } : { hours };
}

/** A value's date and time: of the date slot itself, or of the time slot on the date the form holds. */
type Held = { date?: string; time?: string };

/** The date and time a value of the calendar's date or time slot stands for; undefined for another slot. */
function heldDateTime(calendar: CalendarConfig, slot: string, value: string, slots: Record<string, SlotValue>): Held | undefined {
  if (slot === calendar.date) return { date: value.slice(0, 10), time: value.length > 10 ? value.slice(11, 16) : undefined };
  if (slot !== calendar.time) return undefined;
  const held = slots[calendar.date];
  return { date: typeof held === 'string' ? held.slice(0, 10) : undefined, time: value };
}

/** What the calendar refuses of a date and time, in order: a past day, a closed day, a past hour, an hour it is shut. */
function refusalOf(calendar: CalendarConfig, slot: string, { date, time }: Held, spans: Span[] | undefined, clock: ReturnType<typeof wallClock>): CalendarRefusal | undefined {
  const today = isoDate(clock);
  if (calendar.fromNow && date && date < today) return 'past';
  if (slot === calendar.date && isClosedDay(calendar, date, spans)) return 'closed';
  if (time && calendar.fromNow && date === today && time <= hhmm(clock.hour, clock.minute)) return 'past';
  if (time && spans && !spans.some(([from, to]) => from <= time && time < to)) return spans.length ? 'hours' : 'closed';
  return undefined;
}

/** A date of the closed list, or a weekday without hours. */
function isClosedDay(calendar: CalendarConfig, date: string | undefined, spans: Span[] | undefined): boolean {
  if (!date) return false;
  return isClosedDate(calendar.closed, date) || (spans !== undefined && !spans.length);
}

/** The hours of a date's weekday as replies show them ("8h às 12h"), or undefined (no hours, or closed). */
export function hoursOn(calendar: CalendarConfig, date: SlotValue | undefined, lang: Language): string | undefined {
  const week = weekHours(calendar.hours);
  if (!week || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return undefined;
  const spans = week[weekdayOf(parseIsoDate(date.slice(0, 10)))];
  return spans.length ? showHours(spans, lang) : undefined;
}

function isClosedDate(closed: string[], date: string): boolean {
  return closed.some((d) => d === date || (d.length === 5 && d === date.slice(5)));
}

const UNTIL: Record<Language, string> = { pt: 'às', es: 'a', vi: 'đến', en: 'to' };

/** A day's spans as a reply shows them: "8h às 12h e 13h às 18h". */
function showHours(spans: Span[], lang: Language): string {
  return showList(
    spans.map(([from, to]) => `${showTime(from, lang)} ${UNTIL[lang]} ${showTime(to, lang)}`),
    lang,
  );
}
